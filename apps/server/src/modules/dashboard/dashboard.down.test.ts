import { request as forward } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { heardDeadlines, listen } from '../../test/loopback.ts';
import { SIM_CLOCKS, startTestSimulator } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = SIM_CLOCKS.noon;
const account = { username: 'admin', password: 'sim-pass', verifyTls: true };

/**
 * The dashboards when the controller fails. A controller that is down fails every panel of its sites (502/504); the
 * overview still answers, naming the controller that is down (`controllersDown`) and counting its sites unknown.
 * What one site's failure must not do is hold up the others: the overview still answers with the sites that did
 * (the one that did not counted in `unreachable`), and after a timeout the client fails fast for a cool-down
 * instead of making every panel wait.
 */

/** An address where nothing listens: connections are refused. */
async function refusedUrl() {
  const gone = await listen(() => {});
  await gone.close();
  return gone.url;
}

/** Every panel of a site's dashboard. */
function panels(site: string): [method: 'GET' | 'POST', url: string, body?: object][] {
  const today = { start: NOW - 5 * HOUR, end: NOW };
  return [
    ['POST', `/it4u/${site}/5MinutesClient`, today],
    ['POST', `/it4u/${site}/getTimeHourly`, { start: NOW - DAY, end: NOW }],
    ['POST', `/it4u/${site}/getNetworkRates`, { start: NOW - DAY, end: NOW }],
    ['POST', `/it4u/${site}/getTrafficHistory`, { start: NOW - 7 * DAY, end: NOW }],
    ['POST', `/it4u/${site}/stat/device`],
    ['POST', `/it4u/${site}/hotspot/${NOW - 30 * DAY}/${NOW}`],
    ['POST', `/it4u/${site}/detail/hotspot/${NOW - 7 * DAY}/${NOW}`],
  ];
}

const send = (t: TestApp, headers: Record<string, string>, [method, url, payload]: ReturnType<typeof panels>[number]) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

describe.each(drivers)('dashboards when the controller is down or slow, on %s', (driver) => {
  it('answers 502 controllerUnreachable on every panel, naming the controller to staff only', async () => {
    const url = await refusedUrl();
    const t = await createTestApp(driver, {
      demoController: { url, ...account, timeoutMs: 2000 },
      now: () => NOW,
    });
    try {
      const own = await createSitesRepository(t.database.db).insert({ sitename: 'Của tôi', idname: 'mine01' });
      const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
      const customer = (await tokenFor(t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
      for (const panel of panels('mine01')) {
        const res = await send(t, staff, panel);
        expect(res.statusCode, panel[1]).toBe(502);
        expect(res.json(), panel[1]).toMatchObject({ code: 'controllerUnreachable', details: { controller: url } });

        const theirs = await send(t, customer, panel);
        expect(theirs.statusCode, panel[1]).toBe(502);
        expect(theirs.json().code).toBe('controllerUnreachable');
        expect(theirs.json().details).toBeUndefined();
        expect(theirs.body).not.toContain(new URL(url).host);
      }
      // the overview answers: the controller named as down, its sites unknown, its address to nobody
      for (const [who, headers, sites] of [
        ['staff', staff, 1],
        ['customer', customer, 1],
      ] as const) {
        const res = await send(t, headers, ['GET', '/it4u/dashboard/overview']);
        expect(res.statusCode, who).toBe(200);
        expect(res.json().sites, who).toEqual({ ok: 0, warning: 0, error: 0, unknown: sites });
        expect(res.json().controllersDown, who).toEqual([
          expect.objectContaining({ id: null, name: 'demo', sites: 1, code: 'controllerUnreachable' }),
        ]);
        expect(res.body).not.toContain(new URL(url).host);
      }
    } finally {
      await t.close();
    }
  });

  it('answers 503 controllerBusy with the Retry-After the controller asked for, when it keeps answering 429', async () => {
    const busy = await listen((_req, res) => {
      res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
      res.end('{"meta":{"rc":"error","msg":"api.err.TooManyRequests"},"data":[]}');
    });
    const t = await createTestApp(driver, {
      demoController: { url: busy.url, ...account, timeoutMs: 2000 },
      now: () => NOW,
    });
    try {
      const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
      const res = await send(t, staff, ['POST', '/it4u/default/stat/device']);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'controllerBusy', params: { seconds: 30 } });
      expect(res.headers['retry-after']).toBe('30');
      // 30 s is past the call's deadline: the client did not wait, nor ask again
      expect(busy.requests).toBe(1);
    } finally {
      await t.close();
      await busy.close();
    }
  });

  it('answers 504 controllerTimeout within the timeout, then at once on every panel while the controller cools down', async () => {
    // takes the connection, never answers: each request times out once it reached it
    const { deadline, heard } = heardDeadlines();
    const silent = await listen((req) => {
      req.resume();
      heard();
    });
    const timeoutMs = 300;
    let clock = NOW; // the client's clock: the cool-down ends when the test says
    const t = await createTestApp(driver, {
      demoController: { url: silent.url, ...account, timeoutMs, deadline, now: () => clock },
      now: () => NOW,
    });
    try {
      await createSitesRepository(t.database.db).insert({ sitename: 'Hai', idname: 'other02' });
      const staff = (await tokenFor(t, ['ROLE_KT'])).headers;

      const first = await send(t, staff, ['POST', '/it4u/default/stat/device']);
      expect(first.statusCode).toBe(504);
      expect(first.json()).toMatchObject({
        code: 'controllerTimeout',
        params: { seconds: 1 },
        details: { controller: silent.url },
      });
      // the deadline held the call, its login included: the login reached the controller, nothing after it
      const reached = silent.requests;
      expect(reached).toBe(1);

      // every other panel, of this site or another, and the overview: 504 at once, nothing sent to the controller
      const others = await Promise.all([...panels('default'), ...panels('other02')].map((p) => send(t, staff, p)));
      for (const res of others) expect(res.json()).toMatchObject({ statusCode: 504, code: 'controllerTimeout' });
      const overview = await send(t, staff, ['GET', '/it4u/dashboard/overview']);
      expect(overview.statusCode).toBe(200);
      expect(overview.json().controllersDown).toEqual([expect.objectContaining({ code: 'controllerTimeout' })]);
      expect(silent.requests).toBe(reached);

      // once the 5 s are over, one call tries the controller again
      clock += 5_000;
      const again = await send(t, staff, ['POST', '/it4u/other02/stat/device']);
      expect(again.statusCode).toBe(504);
      expect(silent.requests).toBe(reached + 1);
    } finally {
      await t.close();
      await silent.close();
    }
  });

  it('answers the overview without waiting for a site whose access points are still being read, then has them', async () => {
    const sim = await startTestSimulator('noon');
    const statuses = sim.sim.siteStatuses();
    const slow = Object.keys(statuses).find((name) => statuses[name] === 'warning');
    if (!slow) throw new Error('the simulator has no site in warning');
    // between the console and the controller: the first call about the slow site's devices takes 1.5 s
    let held = false;
    const proxy = await listen((req, res) => {
      const go = () => {
        const up = forward(`${sim.sim.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        req.pipe(up);
      };
      if (!held && req.url === `/api/s/${slow}/stat/device`) {
        held = true;
        setTimeout(go, 1_500);
      } else go();
    });
    const t = await createTestApp(driver, {
      demoController: { ...sim.config, url: proxy.url, timeoutMs: 5_000 },
      now: () => NOW,
      overviewBudgetMs: 100,
    });
    try {
      await createSitesRepository(t.database.db).insert({ sitename: 'Chậm', idname: slow });
      const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
      // it did not wait for the slow list: the site is pending, its disconnections not yet known
      const first = (await send(t, staff, ['GET', '/it4u/dashboard/overview'])).json();
      expect(first).toMatchObject({ pending: 1, disconnections: [], sites: { warning: 1 } });
      // the list went on loading into the cache: a moment later the overview has it
      await expect
        .poll(async () => (await send(t, staff, ['GET', '/it4u/dashboard/overview'])).json(), { timeout: 10_000 })
        .toMatchObject({ disconnections: [expect.objectContaining({ site: slow })] });
      expect((await send(t, staff, ['GET', '/it4u/dashboard/overview'])).json().pending).toBeUndefined();
    } finally {
      await t.close();
      await proxy.close();
      await sim.close();
    }
  });

  it("answers the overview with the sites that answered when one site's calls hang, and recovers", async () => {
    const sim = await startTestSimulator('noon');
    const [a, b] = sim.sim.state.sites.map((s) => s.name);
    if (!a || !b) throw new Error('the simulator has fewer than two sites');
    // between the console and the controller: the calls about site b never get an answer, and time out once they
    // reached it; the others have the client's usual 10 s (a real 500 ms for all once timed out a's on a busy machine)
    const aboutB = (path: string) => path.startsWith(`/api/s/${b}/`);
    const { deadline, heard } = heardDeadlines(aboutB);
    const proxy = await listen((req, res) => {
      if (aboutB(req.url ?? '')) {
        req.resume();
        return void heard();
      }
      const up = forward(`${sim.sim.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(up);
    });
    let clock = NOW;
    const t = await createTestApp(driver, {
      demoController: { ...sim.config, url: proxy.url, deadline, now: () => clock },
      now: () => NOW,
    });
    try {
      const repo = createSitesRepository(t.database.db);
      await repo.insert({ sitename: 'A', idname: a });
      await repo.insert({ sitename: 'B', idname: b });
      const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
      const devicesOf = (site: string) => send(t, staff, ['POST', `/it4u/${site}/stat/device`]);
      expect((await devicesOf(a)).statusCode).toBe(200);

      const overview = await send(t, staff, ['GET', '/it4u/dashboard/overview']);
      expect(overview.statusCode).toBe(200);
      const { sites, unreachable } = overview.json();
      expect(unreachable).toBe(1); // b's access points could not be read; a's were
      expect(sites.ok + sites.warning + sites.error + sites.unknown).toBe(2);

      // while the devices' kind of call cools down, a panel read within its refresh window still answers; b's fails
      // fast; a panel of another kind (a report) asks the controller and is answered: one slow kind does not fail the
      // controller's other calls
      expect((await devicesOf(a)).statusCode).toBe(200);
      expect((await devicesOf(b)).json()).toMatchObject({ statusCode: 504, code: 'controllerTimeout' });
      const hourly = ['POST', `/it4u/${a}/getTimeHourly`, { start: NOW - DAY, end: NOW }] as const;
      expect((await send(t, staff, [...hourly])).statusCode).toBe(200);

      // after the cool-down a's panels are read again
      clock += 5_000;
      expect((await send(t, staff, [...hourly])).statusCode).toBe(200);
      const fiveMinutes = await send(t, staff, ['POST', `/it4u/${a}/5MinutesClient`, { start: NOW - HOUR, end: NOW }]);
      expect(fiveMinutes.statusCode).toBe(200);
    } finally {
      await t.close();
      await proxy.close();
      await sim.close();
    }
  });
});
