import type { CustomerPage as Page, Timeline } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { CustomerPage } from './CustomerPage.tsx';
import { CustomersPage } from './CustomersPage.tsx';

const AT = Date.UTC(2026, 4, 6, 5, 0);

const page: Page = {
  asOf: AT,
  contract: {
    id: 4,
    customId: '',
    numContract: 'HD-004',
    clientName: 'Khách sạn Hoa Mai',
    companyName: 'Công ty Hoa Mai',
    phone: '0903 111 222',
    street: '12 Lê Lợi',
    servicePlans: 'FTTH 200M',
    segment: 'Khách sạn',
    sitename: [{ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' }],
  },
  sites: [
    {
      sitename: 'Khách sạn Hoa Mai',
      idname: 'hoamai01',
      status: 'warning',
      apsUp: 6,
      apsDown: 1,
      clients: 10,
      down: [{ name: 'AP Sân vườn', mac: 'aa:bb', since: AT - 3_600_000 }],
      error: null,
    },
  ],
  wanLinks: [],
  channels: [
    {
      id: 3,
      detailId: 9,
      name: 'Kênh Hoa Mai',
      provider: 'Viettel',
      servicePack: 'FTTH 200M',
      status: 'online',
      usernamePppoe: 'hoamai_pppoe',
      ipAddress: '10.1.1.1',
      dateOnline: AT,
    },
  ],
  equipment: [
    {
      id: 5,
      exportDate: AT,
      itemCode: 'U6-LR',
      itemName: 'UniFi U6 LR',
      serialNum: 'SN-HM-1',
      mac: 'AA:BB:CC:00:00:01',
      status: 'Đang sử dụng',
    },
  ],
  deviceInfo: null,
  terminalSessions: null,
  vouchers: [{ site: 'hoamai01', total: 7, statuses: { USED: 2 }, newest: [], error: null }],
  more: [],
  timelineKinds: ['wan', 'accessPoint', 'channel', 'equipment'],
};

const entry = (n: number): Timeline['entries'][number] => ({
  key: `ap:${n}`,
  at: AT - n * 60_000,
  kind: 'accessPoint',
  what: 'accessPoint.down',
  by: 'controller',
  facts: { site: 'hoamai01', name: `AP ${n}`, mac: `m${n}` },
});

describe("a customer's page", () => {
  let answers: Record<string, () => Response>;
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(String(url), 'http://x').pathname;
    const found = Object.entries(answers).find(([p]) => path.endsWith(p));
    return found ? found[1]() : jsonResponse(404, { statusCode: 404, code: 'notFound', message: 'x' });
  });
  const calls = (end: string) =>
    fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname.endsWith(end));

  beforeEach(() => {
    fetchMock.mockClear();
    answers = {
      '/user/me': () =>
        jsonResponse(200, { id: 1, name: 'Lan', username: 'lan', roles: [{ name: 'ROLE_KT' }], sitename: [] }),
      '/customers/4': () => jsonResponse(200, page),
      '/customers/4/timeline': () => jsonResponse(200, { entries: [entry(1), entry(2)], next: AT - 2 * 60_000 }),
    };
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = () => renderWithProviders(<CustomerPage />, { route: '/customers/4', path: '/customers/:id' });

  it('shows the contract, the sites now, each part it was given, and leaves out those it was not', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Khách sạn Hoa Mai', level: 1 })).toBeTruthy();
    expect(screen.getByText('0903 111 222')).toBeTruthy();
    expect(screen.getByText(/AP Sân vườn down, last seen/)).toBeTruthy();
    expect(screen.getByText('Access points: 6 up, 1 down · 10 clients now')).toBeTruthy();
    const channels = screen.getByRole('table', { name: 'Leased channels', hidden: true });
    expect(within(channels).getByText('hoamai_pppoe')).toBeTruthy();
    const equipment = screen.getByRole('table', { name: 'Equipment installed', hidden: true });
    expect(within(equipment).getByText('SN-HM-1')).toBeTruthy();
    // the status the spec stores in Vietnamese, in the reader's words
    expect(within(equipment).getByText('In use')).toBeTruthy();
    expect(within(equipment).queryByText('Đang sử dụng')).toBeNull();
    expect(screen.getByText('No router of these sites reports its WAN links.')).toBeTruthy();
    // not this caller's to read
    expect(screen.queryByRole('heading', { name: 'Device information' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Terminal sessions' })).toBeNull();
    expect(screen.getByText('7 vouchers')).toBeTruthy();
    // each register opens searched for this customer
    expect(
      screen.getAllByRole('link', { name: 'Open the register', hidden: true }).map((a) => a.getAttribute('href')),
    ).toEqual([
      `/reporter?q=${encodeURIComponent('Khách sạn Hoa Mai')}`,
      `/channel?q=${page.contract.numContract}`,
      `/supplies?tab=stockOut&q=${page.contract.numContract}&from=${AT}`,
    ]);
    const links = screen.getAllByRole('link', { name: 'Khách sạn Hoa Mai', hidden: true });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/home?site=hoamai01', '/voucher?site=hoamai01']);
  });

  it('lists the timeline newest first, loads older entries, and asks for the kinds chosen', async () => {
    open();
    expect(await screen.findByText('Access point AP 1 of Khách sạn Hoa Mai down (last seen)')).toBeTruthy();
    answers['/customers/4/timeline'] = () => jsonResponse(200, { entries: [entry(3)], next: null });
    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Access point AP 3 of Khách sạn Hoa Mai down (last seen)')).toBeTruthy();
    expect(calls('/timeline').at(-1)?.searchParams.get('before')).toBe(String(AT - 2 * 60_000));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull());

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kinds of entries' }));
    fireEvent.click(await screen.findByTitle('WAN link'));
    await waitFor(() => expect(calls('/timeline').at(-1)?.searchParams.get('kinds')).toBe('wan'));
  });

  it("says a stock-out's status in the reader's words on the timeline, in both languages", async () => {
    answers['/customers/4/timeline'] = () =>
      jsonResponse(200, {
        entries: [
          {
            key: 'out:1',
            at: AT,
            kind: 'equipment',
            what: 'equipment.out',
            by: 'lan',
            facts: { item: 'UniFi AP AC Pro', serial: 'SN-HM-1', mac: '', status: 'Đang sử dụng' },
          },
          {
            key: 'audit:9',
            at: AT - 60_000,
            kind: 'equipment',
            what: 'supplies.out.update',
            by: 'lan',
            facts: { site: null, target: 'stockRecord:1', from: 'Đang sử dụng', to: 'Thu hồi', count: null },
          },
        ],
        next: null,
      });
    open();
    expect(await screen.findByText('UniFi AP AC Pro issued (serial SN-HM-1), now: In use')).toBeTruthy();
    expect(screen.getByText('Stock-out changed (In use → Recalled)')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/\(Đang sử dụng → Thu hồi\)$/)).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('says the page failed, with Retry, never that the customer has nothing', async () => {
    answers['/customers/4'] = () => jsonResponse(500, { statusCode: 500, code: 'internal', message: 'x' });
    open();
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(screen.getByText("The customer's page could not be loaded")).toBeTruthy();
  });

  it('says when the customer does not exist or is not the reader’s', async () => {
    answers['/customers/4'] = () => jsonResponse(404, { statusCode: 404, code: 'contractNotFound', message: 'x' });
    open();
    expect(await screen.findByText('This customer does not exist, or is not yours to see.')).toBeTruthy();
  });

  it('the timeline says it failed, with Retry', async () => {
    answers['/customers/4/timeline'] = () => jsonResponse(500, { statusCode: 500, code: 'internal', message: 'x' });
    open();
    expect(await screen.findByText('The timeline could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Nothing has happened to this customer yet.')).toBeNull();
  });
});

describe('the customers list', () => {
  const row = { ...page.contract, sites: page.contract.sitename };
  let me: string[];
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(String(url), 'http://x').pathname;
    if (path.endsWith('/user/me'))
      return jsonResponse(200, { id: 1, name: 'A', username: 'a', roles: me.map((name) => ({ name })), sitename: [] });
    if (path.endsWith('/customers')) return jsonResponse(200, { items: [row], total: 1 });
    return jsonResponse(404, {});
  });
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('links each customer to its page for staff', async () => {
    me = ['ROLE_CSKH'];
    renderWithProviders(<CustomersPage />, { route: '/customers', path: '/customers' });
    const link = await screen.findByRole('link', { name: 'Khách sạn Hoa Mai', hidden: true });
    expect(link.getAttribute('href')).toBe('/customers/4');
  });

  it('takes a customer with one contract straight to their page', async () => {
    me = ['ROLE_KH'];
    renderWithProviders(<CustomersPage />, {
      route: '/customers',
      path: '/customers',
      otherRoutes: { '/customers/:id': <p>their page</p> },
    });
    expect(await screen.findByText('their page')).toBeTruthy();
  });
});
