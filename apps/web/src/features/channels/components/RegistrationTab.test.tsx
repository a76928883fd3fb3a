import type { ChannelAttribute } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { RegistrationTab } from './RegistrationTab.tsx';

const channel: ChannelAttribute = {
  id: 5,
  name: 'Kênh Q1',
  status: 'pending',
  customer: 'Khách sạn A',
  virtualNum: '0283',
  usernamePPPoE: 'ppp',
  channelValue: {
    id: 2,
    servicePack: 'Fiber 100M',
    value: '1.000.000',
    channelName: { id: 1, name: 'VNPT' },
    availabilityTarget: null,
    countedHours: 'all',
  },
  createdAt: new Date(2026, 0, 2).getTime(),
};

describe('channel registration', () => {
  const puts: Record<string, unknown>[] = [];
  beforeEach(() => {
    puts.length = 0;
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method === 'DELETE') {
          return jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'channelInUse',
            message: 'This channel has details and cannot be deleted; delete its details first.',
          });
        }
        if (method === 'POST' && url.endsWith('/it4u/channel/name')) {
          const message = 'A provider with this name already exists.';
          return jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'providerTaken',
            message,
            details: [{ field: 'name', code: 'providerTaken', message }],
          });
        }
        if (method === 'PUT') {
          puts.push(JSON.parse(String(init?.body)));
          return jsonResponse(200, channel);
        }
        if (url.includes('/it4u/channel.name')) return jsonResponse(200, [{ id: 1, name: 'VNPT' }]);
        if (url.endsWith('/user/me')) return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
        return jsonResponse(200, { items: [channel], total: 1 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the channels with provider, service pack and a status tag; value and creation date on request', async () => {
    renderWithProviders(<RegistrationTab />);
    const row = () => screen.getByText('Kênh Q1').closest('tr') as HTMLElement;
    await screen.findByText('Kênh Q1');
    expect(row().classList.contains('warning')).toBe(true);
    for (const text of ['Khách sạn A', 'VNPT', 'Fiber 100M', 'Pending']) {
      expect(within(row()).getByText(text)).toBeTruthy();
    }
    expect(within(row()).queryByText('1.000.000')).toBeNull();
    // the choice is kept per user: the button waits for the user
    await waitFor(() => expect(screen.getByRole('button', { name: /Columns/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Value' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Created' }));
    for (const text of ['1.000.000', '02-01-2026']) {
      expect(within(row()).getByText(text)).toBeTruthy();
    }
  });

  it("gives a channel its own contracted availability over its pack's", async () => {
    renderWithProviders(<RegistrationTab />);
    const row = (await screen.findByText('Kênh Q1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = (await screen.findByText('Edit channel', { selector: '.ant-modal-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Contracted availability (this channel)'), {
      target: { value: '99.9' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ availabilityTarget: 99.9, countedHours: null, channelValueId: 2 });
  });

  it('explains a refused delete: the channel still has details', async () => {
    renderWithProviders(<RegistrationTab />);
    const row = (await screen.findByText('Kênh Q1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect((await screen.findAllByText('This channel cannot be deleted')).length).toBeGreaterThan(0);
    expect(screen.getByText('This channel has details and cannot be deleted; delete its details first.')).toBeTruthy();
  });

  it('puts a taken provider name under the field', async () => {
    renderWithProviders(<RegistrationTab />);
    await screen.findByText('Kênh Q1');
    fireEvent.click(screen.getByRole('button', { name: /Add provider/ }));
    const dialog = (await screen.findByText('Add provider', { selector: '.ant-modal-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Provider name'), { target: { value: 'VNPT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        'A provider with this name already exists.',
      ),
    );
  });
});
