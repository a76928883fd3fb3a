import type { ChannelDetail } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { DetailsTab } from './DetailsTab.tsx';

function detail(id: number, name: string, status: ChannelDetail['channelAttribute']['status']): ChannelDetail {
  return {
    id,
    fees: 1_000_000,
    routerType: 'Cisco',
    ipAddress: `203.0.113.${id}`,
    ipType: 'Static',
    customerMove: '',
    deviceStatus: 'Hoat dong',
    regionalEngineer: '',
    votesRequire: '',
    createdAt: 0,
    dateRequestStop: null,
    dateOnline: null,
    dateStop: null,
    dateOnlineRequest: null,
    dateAcceptance: null,
    deployRequestDate: new Date(2026, 0, 10).getTime(),
    contract: null,
    channelAttribute: {
      id: id + 100,
      name,
      status,
      customer: `Khách ${id}`,
      virtualNum: '',
      usernamePPPoE: '',
      channelValue: null,
      createdAt: 0,
    },
  };
}

const page = { items: [detail(1, 'Kênh một', 'offline'), detail(2, 'Kênh hai', 'suspend')], total: 2 };

type Call = { method: string; url: string; body: unknown };
let calls: Call[];

function buttons(name: RegExp, scope: ParentNode = document): HTMLButtonElement[] {
  return Array.from(scope.querySelectorAll('button')).filter((b) => name.test(b.textContent ?? ''));
}

function rows(): HTMLElement[] {
  return Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row'));
}

describe('channel details row editing', () => {
  beforeEach(() => {
    calls = [];
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.includes('/it4u/channel.name')) return jsonResponse(200, []);
        if (method === 'POST' && url.endsWith('/it4u/channel/detail')) return jsonResponse(200, page.items[0]);
        if (method === 'PUT') return jsonResponse(200, page.items[0].channelAttribute);
        return jsonResponse(200, page);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('styles rows by their channel status', async () => {
    renderWithProviders(<DetailsTab />);
    await screen.findByText('Kênh một');
    expect(rows()[0].classList.contains('offline')).toBe(true);
    expect(rows()[1].classList.contains('suspend')).toBe(true);
  });

  it('a new row on top needs a channel and a status; the other rows are locked meanwhile', async () => {
    renderWithProviders(<DetailsTab />);
    await screen.findByText('Kênh một');
    fireEvent.click(buttons(/Add row/)[0]);
    const first = rows()[0];
    expect(within(first).getByText('New')).toBeTruthy();
    expect(buttons(/History/).every((b) => b.disabled)).toBe(true);
    expect(buttons(/Edit/).every((b) => b.disabled)).toBe(true);
    fireEvent.click(buttons(/Save/, first)[0]);
    expect(await screen.findByText('Please Input Channel!')).toBeTruthy();
    expect(await screen.findByText('Please Input Status!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the detail, then the changed status on the channel', async () => {
    renderWithProviders(<DetailsTab />);
    await screen.findByText('Kênh một');
    fireEvent.click(buttons(/Edit/)[0]);
    const edited = rows()[0];
    expect(buttons(/Edit/)[0].disabled).toBe(true);
    fireEvent.mouseDown(within(edited).getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Online'));
    fireEvent.click(buttons(/Save/, edited)[0]);
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/it4u/channel/detail');
    expect(post?.body).toMatchObject({
      id: 1,
      channelAttributeId: 101,
      fees: 1_000_000,
      deviceStatus: 'Hoat dong',
      deployRequestDate: new Date(2026, 0, 10).getTime(),
    });
    expect(post?.body).not.toHaveProperty('status');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toEqual({ method: 'PUT', url: '/api/v1/it4u/channel/attribute.101', body: { status: 'online' } });
    await waitFor(() => expect(buttons(/Edit/).every((b) => !b.disabled)).toBe(true));
  });

  it("opens searched for what a link asked (a customer's page: `?q=` its contract), the box showing it", async () => {
    renderWithProviders(<DetailsTab />, { route: '/channel?q=HD-0042' });
    await screen.findByText('Kênh một');
    const list = calls.filter((c) => c.url.includes('/it4u/channel/detail'));
    expect(list.map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['HD-0042']);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('HD-0042');
    // Reset forgets it
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(new URL(calls.at(-1)?.url ?? '', 'http://x').searchParams.get('q')).toBeNull());
  });

  it('asks for details by deploy date only with a date range', async () => {
    renderWithProviders(<DetailsTab />);
    await screen.findByText('Kênh một');
    const list = calls.filter((c) => c.url.includes('/it4u/channel/detail') || c.url.includes('attribute.date'));
    expect(list.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/it4u/channel/detail.all?page=1&pageSize=10']);
  });
});
