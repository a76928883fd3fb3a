import type { CustomerDetail, CustomerInfo, WanLink } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { applyLanguage, i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { formatDuration } from './components/LinkTimeline.tsx';
import { WanLinksPage } from './WanLinksPage.tsx';

const saved = vi.hoisted(() => [] as { rows: unknown[][]; sheet: string; file: string }[]);
vi.mock('../../components/download/writeSheet.ts', () => ({
  saveSheet: async (rows: unknown[][], opts: { sheet: string; file: string }) => {
    saved.push({ rows, sheet: opts.sheet, file: opts.file });
  },
}));

const H = 3_600_000;
/** The console's clock of the answers: a Wednesday at noon in Vietnam. */
const NOW = Date.UTC(2026, 4, 6, 5, 0);

const row = (id: number, sitename: string, over: Partial<CustomerInfo> = {}): CustomerInfo => ({
  id,
  sitename,
  groupClient: 'FTTH',
  idname: null,
  known: false,
  customer: null,
  customerId: null,
  apconnected: null,
  apdisconnected: null,
  wan1Provider: 'VNPT',
  wan1Ip: '14.160.1.2',
  wan1Status: 1,
  wan1Uptime: 3600,
  wan2Provider: '',
  wan2Ip: '',
  wan2Status: null,
  wan2Uptime: null,
  wan3Provider: '',
  wan3Ip: '',
  wan3Status: null,
  wan3Uptime: null,
  wan4Provider: '',
  wan4Ip: '',
  wan4Status: null,
  wan4Uptime: null,
  uptimeLb: null,
  lastPush: NOW - 3 * 60_000,
  pushAge: 180,
  stale: false,
  down: false,
  ...over,
});

const rows = [
  row(1, 'Quán Ổn Định'),
  row(2, 'Kho Mất Mạng', { wan1Status: 0, wan1Uptime: null, down: true }),
  // no push for 40 minutes: its link unknown, not down
  row(3, 'Nhà Im Lặng', {
    wan1Status: null,
    wan1Uptime: null,
    lastPush: NOW - 40 * 60_000,
    pushAge: 2400,
    stale: true,
  }),
];

// over the day: up 20.5 h, down 1.5 h, then silent 2 h (unknown)
const link: WanLink = {
  wan: 1,
  provider: 'VNPT',
  ip: '14.160.1.2',
  state: 'unknown',
  uptime: null,
  since: NOW - 2 * H,
  availability: { day: (100 * 20.5) / 22, week: null, month: null },
  flaps: 1,
  timeline: {
    day: [
      { from: NOW - 24 * H, to: NOW - 3.5 * H, state: 'up' },
      { from: NOW - 3.5 * H, to: NOW - 2 * H, state: 'down' },
      { from: NOW - 2 * H, to: NOW, state: 'unknown' },
    ],
    week: [{ from: NOW - 7 * 24 * H, to: NOW, state: 'unknown' }],
    month: [{ from: NOW - 30 * 24 * H, to: NOW, state: 'unknown' }],
  },
};
const detail: CustomerDetail = { ...(rows[2] as CustomerInfo), now: NOW, links: [link] };

describe('the customer report page', () => {
  const NEW_TOKEN = 'it4u_dev_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
  let tokenList = { sitename: 'Nhà Im Lặng', sharedEnabled: true, sharedAccepted: true, tokens: [] as unknown[] };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/it4u/3/deviceToken') && init?.method === 'POST') {
      const made = {
        id: 7,
        hint: NEW_TOKEN.slice(-4),
        createdBy: 'kt',
        createdAt: NOW,
        lastUsedAt: null,
        revokedAt: null,
      };
      tokenList = { ...tokenList, sharedAccepted: false, tokens: [made] };
      return jsonResponse(201, { ...made, token: NEW_TOKEN });
    }
    if (url.endsWith('/it4u/3/deviceToken')) return jsonResponse(200, tokenList);
    if (url.endsWith('/user/me'))
      return jsonResponse(200, {
        id: 1,
        name: 'Kỹ thuật',
        username: 'kt',
        email: 'kt@example.test',
        gender: 'Male',
        language: 'English',
        type: 'User',
        status: 'Active',
        changePw: false,
        roles: [{ name: 'ROLE_KT' }],
        sitename: [],
      });
    if (url.endsWith('/it4u/customer_info/ALL')) return jsonResponse(200, rows);
    if (url.endsWith('/it4u/group')) return jsonResponse(200, [{ groupName: 'FTTH' }]);
    if (url.endsWith('/it4u/3/customer_info')) return jsonResponse(200, detail);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });

  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await applyLanguage('en');
  });

  it('greys a stale row and says it is not updating; a down row is marked down; the view says hours in words', async () => {
    renderWithProviders(<WanLinksPage />, { route: '/reporter' });
    const table = await screen.findByRole('table', { name: 'Customer sites' });
    const line = async (name: string) => (await within(table).findByText(name)).closest('tr') as HTMLElement;
    const quiet = await line('Nhà Im Lặng');
    expect(quiet.className).toContain('customer-stale');
    expect(within(quiet).getByText('Not updating')).toBeTruthy();
    // its link unknown, not down
    expect(within(quiet).getByText('Unknown')).toBeTruthy();
    expect(within(quiet).queryByText('Down')).toBeNull();
    const lost = await line('Kho Mất Mạng');
    expect(lost.className).toContain('customer-down');
    expect(lost.className).not.toContain('customer-stale');
    expect((await line('Quán Ổn Định')).className).not.toMatch(/customer-(down|stale)/);
    expect(screen.getByText('3 sites: 1 down, 1 not updating')).toBeTruthy();

    fireEvent.click(within(quiet).getByRole('button', { name: 'View Nhà Im Lặng' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('img', {
        name: 'WAN 1 over 24 hours: up 20.5 h, down 1.5 h, unknown 2 h',
      }),
    ).toBeTruthy();
    expect(within(dialog).getByText('IP address')).toBeTruthy();
    expect(within(dialog).getByText('Not updating')).toBeTruthy();

    // in Vietnamese: its decimal comma and its word for hours
    await applyLanguage('vi');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('img', {
          name: 'WAN 1 trong 24 giờ: hoạt động 20,5 giờ, mất kết nối 1,5 giờ, không rõ 2 giờ',
        }),
      ).toBeTruthy(),
    );
    expect(within(dialog).getByText('Địa chỉ IP')).toBeTruthy();
    expect(within(table).getAllByText('Không cập nhật').length).toBeGreaterThan(0);
  });

  it("opens searched for the site the search box's hit named (?q=), its box holding the words", async () => {
    renderWithProviders(<WanLinksPage />, { route: `/reporter?q=${encodeURIComponent('Kho Mất')}` });
    const table = await screen.findByRole('table', { name: 'Customer sites' });
    expect(await within(table).findByText('Kho Mất Mạng')).toBeTruthy();
    expect(within(table).queryByText('Quán Ổn Định')).toBeNull();
    expect((screen.getByRole('searchbox', { name: /./ }) as HTMLInputElement).value).toBe('Kho Mất');
  });

  it("makes the site's device token: shown once with the router's curl line, then listed by its ending", async () => {
    renderWithProviders(<WanLinksPage />, { route: '/reporter' });
    const table = await screen.findByRole('table', { name: 'Customer sites' });
    fireEvent.click(await within(table).findByRole('button', { name: 'View Nhà Im Lặng' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No token of its own yet.')).toBeTruthy();
    expect(within(dialog).getByText(/may use the shared token/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Create token/ }));
    expect(await within(dialog).findByText(NEW_TOKEN)).toBeTruthy();
    expect(within(dialog).getByText('The new token: copy it now, it is not shown again')).toBeTruthy();
    const curl = within(dialog).getByText(/curl -sS/);
    expect(curl.textContent).toContain(`Authorization: Bearer ${NEW_TOKEN}`);
    expect(curl.textContent).toContain('"sitename":"Nhà Im Lặng"');
    expect(curl.textContent).toContain('/api/v1/it4u/customer_info');
    // one header a line: on a wide screen only the body may wrap
    expect(curl.textContent?.split('\n')).toEqual([
      expect.stringMatching(/^curl -sS -m 10 -X POST http:\/\/[^ ]+\/api\/v1\/it4u\/customer_info \\$/),
      `  -H 'Authorization: Bearer ${NEW_TOKEN}' \\`,
      "  -H 'Content-Type: application/json' \\",
      expect.stringMatching(/^ {2}-d '\{"sitename":"Nhà Im Lặng",.*\}'$/),
    ]);
    expect(await within(dialog).findByText(`…${NEW_TOKEN.slice(-4)}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Rotate/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Revoke/ })).toBeTruthy();
  });

  it('exports the table to a sheet named in the reader language', async () => {
    await applyLanguage('vi');
    renderWithProviders(<WanLinksPage />, { route: '/reporter' });
    await screen.findByText('Nhà Im Lặng');
    fireEvent.click(screen.getByRole('button', { name: /Xuất .xlsx/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.sheet).toBe('Báo cáo');
    expect(saved[0]?.rows).toHaveLength(4);
  });

  it('writes the time in a state in the language of the reader, a short one in minutes', async () => {
    const en = (ms: number) => formatDuration(ms, 'en', i18n.t.bind(i18n));
    expect(en(20.5 * H)).toBe('20.5 h');
    expect(en(1234.56 * H)).toBe('1,234.6 h');
    expect(en(H)).toBe('1 h');
    expect(en(0)).toBe('0 h');
    expect(en(12 * 60_000 + 20_000)).toBe('12 min');
    expect(en(59 * 60_000)).toBe('59 min');
    expect(en(59.6 * 60_000)).toBe('1 h');
    expect(en(5_000)).toBe('less than a minute');
    await applyLanguage('vi');
    const vi = (ms: number) => formatDuration(ms, 'vi', i18n.t.bind(i18n));
    expect(vi(20.5 * H)).toBe('20,5 giờ');
    expect(vi(1234.56 * H)).toBe('1.234,6 giờ');
    expect(vi(12 * 60_000)).toBe('12 phút');
    expect(vi(5_000)).toBe('dưới 1 phút');
  });
});
