import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { type ChangeMark, ConnectionHistory, changeMarks, firstView, presetRange } from './ConnectionHistory.tsx';

// the chart itself is ECharts' (drawn in Chromium by the end-to-end tests); here only its label
vi.mock('../../../components/charts/Chart.tsx', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 2026-05-06 03:00 in Vietnam is 2026-05-05 20:00 UTC; the web's tests run in UTC (vitest.config.ts)
const NOW = Date.UTC(2026, 4, 5, 20, 0);

/** The history as the home page holds it: its view kept by the page. */
function History() {
  const [view, setView] = useState(() => firstView(NOW));
  return <ConnectionHistory site="default" now={() => NOW} view={view} onView={setView} />;
}

const change = (id: number, at: number, event: string) => ({
  id,
  at,
  actorName: 'lan.kt',
  event,
});

describe('the marks of changes', () => {
  it('puts each change in the slot it falls in, and leaves out one before the first slot', () => {
    const slots = [1_000, 2_000, 3_000];
    const marks: ChangeMark[] = changeMarks(slots, [
      change(1, 500, 'splash.upload'),
      change(2, 2_000, 'wireless.network.update'),
      change(3, 2_900, 'wireless.hotspot.update'),
      change(4, 9_000, 'cronjob.upload'),
    ]);
    expect(marks.map((m) => [m.slot, m.changes.map((c) => c.id)])).toEqual([
      [1, [2, 3]],
      [2, [4]],
    ]);
  });
});

describe('connection history', () => {
  let roles = 'ROLE_KT';
  let changes: ReturnType<typeof change>[] = [];
  const asked: string[] = [];
  const bodies: { url: string; body: { start: number; end: number } }[] = [];
  beforeEach(() => {
    bodies.length = 0;
    asked.length = 0;
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        asked.push(url);
        if (url.includes('/user/me')) return jsonResponse(200, { id: 1, username: 'lan.kt', roles: [{ name: roles }] });
        if (url.includes('/changes')) return jsonResponse(200, changes);
        const body = JSON.parse(String(init?.body ?? '{}'));
        bodies.push({ url, body });
        const window = { start: body.start, end: NOW, asOf: NOW };
        if (url.includes('getTime')) {
          return jsonResponse(200, {
            ...window,
            clampedFrom: null,
            slots: 2,
            clients: { max: 12, min: 3, average: 7.5 },
            trafficGb: { max: 1.25, min: 0.5, average: 0.875 },
          });
        }
        const clampedFrom = url.includes('5MinutesClient') ? null : NOW - 30 * 86_400_000;
        return jsonResponse(200, {
          ...window,
          clampedFrom,
          points: [
            { time: NOW - 600_000, clients: 3, trafficGb: 0.5, cumulativeGb: 0.5 },
            { time: NOW - 300_000, clients: 12, trafficGb: 1.25, cumulativeGb: 1.75 },
          ],
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    roles = 'ROLE_KT';
    changes = [];
  });

  it('lists the changes made to the site in the range, for those who change sites', async () => {
    // one before the first slot the controller gave: no mark, but listed all the same
    changes = [change(4, NOW - 900_000, 'splash.upload'), change(5, NOW - 400_000, 'wireless.network.update')];
    renderWithProviders(<History />);
    const list = await screen.findByRole('region', { name: 'Changes to this site in this range' });
    expect(list.textContent).toContain('Splash image uploaded, lan.kt');
    expect(list.textContent).toContain('Wireless network changed, lan.kt');
  });

  it('asks nothing of the changes for a customer', async () => {
    roles = 'ROLE_KH';
    changes = [change(5, NOW - 400_000, 'wireless.network.update')];
    renderWithProviders(<History />);
    await screen.findByText('Clients', { selector: 'td' });
    expect(asked.some((url) => url.includes('/user/me'))).toBe(true);
    expect(asked.some((url) => url.includes('/changes'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Changes to this site in this range' })).toBeNull();
  });

  it("asks for today on the console's clock, and shows the maximum, minimum and average", async () => {
    renderWithProviders(<History />);
    const clients = (await screen.findByText('Clients', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(
      within(clients)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Clients', '12', '3', '7.5']);
    expect(bodies[0]?.url).toContain('/it4u/default/5MinutesClient');
    expect(bodies[0]?.body).toEqual(presetRange('today', NOW));
    expect(presetRange('today', NOW)).toEqual({ start: Date.UTC(2026, 4, 5), end: Date.UTC(2026, 4, 6) - 1 });
  });

  it('asks for this month when the interval is hourly, and says where the controller cut the range', async () => {
    renderWithProviders(<History />);
    await screen.findByText('Clients', { selector: 'td' });
    fireEvent.click(screen.getByText('Hourly'));
    await waitFor(() => expect(bodies.some((b) => b.url.includes('hourlyClient'))).toBe(true));
    const hourly = bodies.find((b) => b.url.includes('hourlyClient'));
    expect(hourly?.body.start).toBe(Date.UTC(2026, 4, 1));
    expect(await screen.findByText(/The controller keeps no older data at this interval/)).toBeTruthy();
  });
});
