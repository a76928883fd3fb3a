import type { SlaFigures, SlaReport } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SlaPage } from './SlaPage.tsx';
import { slaSheets } from './slaSheets.ts';

// the chart itself is ECharts' (drawn in Chromium by the end-to-end tests); here only its label
vi.mock('../../components/charts/Chart.tsx', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../components/download/saveBlob.ts', () => ({ saveBlob: saved }));

const H = 3_600_000;
/** November 2026 in Vietnam. */
const NOVEMBER = { from: Date.UTC(2026, 10, 1) - 7 * H, to: Date.UTC(2026, 11, 1) - 7 * H };

const figures = (f: Partial<SlaFigures>): SlaFigures => ({
  upMs: 0,
  downMs: 0,
  unknownMs: 0,
  outages: 0,
  longestOutageMs: 0,
  availability: null,
  mttrMs: null,
  ...f,
});
const vnpt = figures({
  upMs: 712.5 * H,
  downMs: 7.5 * H,
  unknownMs: 24 * H,
  outages: 4,
  longestOutageMs: 2.5 * H,
  availability: (100 * 712.5) / 720,
  mttrMs: (7.5 * H) / 4,
});
const report: SlaReport = {
  ...NOVEMBER,
  hours: 'all',
  providers: [
    { provider: 'VNPT', links: 1, figures: vnpt, breaches: 1 },
    // a link that dropped for a fifth of a second
    {
      provider: 'FPT',
      links: 1,
      breaches: 0,
      figures: figures({ upMs: H, downMs: 200, outages: 1, longestOutageMs: 200, availability: 99.99994, mttrMs: 200 }),
    },
  ],
  servicePacks: [
    {
      provider: 'VNPT',
      pack: 'FTTH Doanh nghiệp',
      target: 99.5,
      hours: 'business',
      links: 1,
      figures: vnpt,
      breaches: 1,
    },
  ],
  customers: [{ customerId: 4, customer: 'Khách sạn Hoa Mai', links: 1, figures: vnpt, breaches: 1 }],
  links: [
    {
      siteId: 1,
      sitename: 'Khách sạn Hoa Mai',
      customerId: 4,
      customer: 'Khách sạn Hoa Mai',
      wan: 1,
      provider: 'VNPT',
      figures: vnpt,
      // the pack promises 99.5 % in business hours: 99.47 % measured then
      contract: {
        pack: 'FTTH Doanh nghiệp',
        target: 99.5,
        hours: 'business',
        availability: (100 * 188) / 189,
        breach: true,
      },
    },
  ],
};

/** The server: answers each report with `answer` (by its query), and remembers the queries. */
function server(answer: (query: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname.endsWith('/it4u/sla/pdf')) {
        asked.push(url.searchParams);
        return new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="do-san-sang-2026-11.pdf"',
          },
        });
      }
      if (!url.pathname.endsWith('/it4u/sla')) return jsonResponse(404, { statusCode: 404, code: 'notFound' });
      asked.push(url.searchParams);
      return answer(url.searchParams);
    }),
  );
  return asked;
}

describe("the providers' availability", () => {
  beforeEach(() => {
    setAccessToken('token');
    // 00:30 on 1 November 2026 in Vietnam (still 31 October in UTC)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 9, 31, 17, 30));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows this month per provider, per customer and per link, and asks for business hours', async () => {
    const asked = server(() => jsonResponse(200, report));
    renderWithProviders(<SlaPage />);
    const providers = await screen.findByRole('table', { name: 'Providers' });
    const row = (await within(providers).findByText('VNPT')).closest('tr') as HTMLElement;
    expect(within(row).getByText('98.958 %')).toBeTruthy();
    expect(within(row).getByText('7 hours 30 minutes')).toBeTruthy();
    expect(within(row).getByText('2 hours 30 minutes')).toBeTruthy();
    expect(within(row).getByText('1 hour 53 minutes')).toBeTruthy();
    expect(within(row).getByText('1 day')).toBeTruthy();
    const fpt = within(providers).getByText('FPT').closest('tr') as HTMLElement;
    expect(within(fpt).getAllByText('under a minute')).toHaveLength(3);
    expect(
      screen.getByRole('img', { name: 'Availability by provider in 11/2026: VNPT 98.958 %, FPT 99.999 %' }),
    ).toBeTruthy();
    // this month is the console's: asked without a period, shown as the answer's
    expect(asked[0]?.get('from')).toBeNull();
    expect(asked[0]?.get('hours')).toBe('all');
    await waitFor(() => expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('11/2026'));

    expect(within(row).getByText('1 below contract')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'WAN links' }));
    expect(await screen.findByText('99.5 % in business hours')).toBeTruthy();
    expect(screen.getByText('Below: 99.47 %')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Customers' }));
    const link = await screen.findByRole('link', { name: 'Khách sạn Hoa Mai' });
    expect(link.getAttribute('href')).toBe('/customers/4');

    fireEvent.mouseDown(screen.getByLabelText('Hours counted'));
    fireEvent.click(await screen.findByText('Business hours (Mon–Fri, 08:00–17:00)'));
    await waitFor(() => expect(asked.at(-1)?.get('hours')).toBe('business'));
  });

  it('lists the service packs against their contracts', async () => {
    server(() => jsonResponse(200, report));
    renderWithProviders(<SlaPage />);
    await within(await screen.findByRole('table', { name: 'Providers' })).findByText('VNPT');
    fireEvent.click(screen.getByRole('tab', { name: 'Service packs' }));
    const packs = await screen.findByRole('table', { name: 'Service packs' });
    const row = within(packs).getByText('FTTH Doanh nghiệp').closest('tr') as HTMLElement;
    expect(within(row).getByText('99.5 % in business hours')).toBeTruthy();
    expect(within(row).getByText('1 below contract')).toBeTruthy();
  });

  it("asks the server for the month's PDF in the reader's language and saves it", async () => {
    await i18n.changeLanguage('vi');
    const asked = server(() => jsonResponse(200, report));
    renderWithProviders(<SlaPage />);
    await within(await screen.findByRole('table', { name: 'Nhà cung cấp' })).findByText('VNPT');
    fireEvent.click(screen.getByRole('button', { name: /PDF/, hidden: true }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const query = asked.find((q) => q.get('lang'));
    expect(query?.get('lang')).toBe('vi');
    expect(Number(query?.get('from'))).toBe(NOVEMBER.from);
    expect(Number(query?.get('to'))).toBe(NOVEMBER.to);
    expect(saved.mock.calls[0]?.[1]).toBe('do-san-sang-2026-11.pdf');
  });

  it('says the figures in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    server(() => jsonResponse(200, report));
    renderWithProviders(<SlaPage />);
    const providers = await screen.findByRole('table', { name: 'Nhà cung cấp' });
    const row = (await within(providers).findByText('VNPT')).closest('tr') as HTMLElement;
    expect(within(row).getByText('98,958 %')).toBeTruthy();
    expect(within(row).getByText('7 giờ 30 phút')).toBeTruthy();
  });

  it('says a month without links is empty, and a failure with Retry, never "no data" for it', async () => {
    let fail = true;
    server(() =>
      fail
        ? jsonResponse(500, { statusCode: 500, code: 'internal' })
        : jsonResponse(200, { ...report, providers: [], customers: [], links: [] }),
    );
    renderWithProviders(<SlaPage />);
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No WAN link was measured in this month.')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/, hidden: true }));
    expect(await screen.findByText('No WAN link was measured in this month.')).toBeTruthy();
  });

  it('exports four sheets with the figures as numbers: %, minutes', async () => {
    const t = i18n.t.bind(i18n);
    const [providers, packs, customers, links] = slaSheets(report, t);
    expect(providers?.rows[0]).toEqual([
      'Provider',
      'Links',
      'Availability (%)',
      'Downtime (min)',
      'Outages',
      'Longest outage (min)',
      'Mean time to recovery (min)',
      'Unknown (min)',
      'Below contract',
    ]);
    expect(providers?.rows[1]).toEqual(['VNPT', 1, 98.958, 450, 4, 150, 112.5, 1440, 1]);
    expect(providers?.rows[2]).toEqual(['FPT', 1, 99.999, 0, 1, 0, 0, 0, 0]);
    expect(packs?.rows[1]?.slice(0, 5)).toEqual([
      'VNPT',
      'FTTH Doanh nghiệp',
      99.5,
      'Business hours (Mon–Fri, 08:00–17:00)',
      1,
    ]);
    expect(customers?.rows[1]?.[0]).toBe('Khách sạn Hoa Mai');
    expect(links?.rows[1]?.slice(0, 4)).toEqual(['Khách sạn Hoa Mai', 'WAN 1', 'VNPT', 'Khách sạn Hoa Mai']);
    expect(links?.rows[1]?.slice(-4)).toEqual([99.5, 'Business hours (Mon–Fri, 08:00–17:00)', 99.47, 'yes']);
    await i18n.changeLanguage('vi');
    expect(slaSheets(report, t)[0]?.sheet).toBe('Nhà cung cấp');
  });
});
