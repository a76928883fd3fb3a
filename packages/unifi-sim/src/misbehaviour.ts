// How the simulated controller misbehaves, as real ones do: the switches, each off by default.
/**
 * What real controllers do that a client must survive, each off by default; set at start (`misbehave`), changed at
 * run time (`sim.misbehave(...)`, or `POST /__sim/misbehave` with the same fields as JSON from another process).
 */
export type Misbehaviour = {
  /**
   * UniFi OS of newer releases: `GET /` answers 302 to `/login` instead of the page. (A classic controller's 302 goes
   * to `/manage`: unpoller/unifi `checkNewStyleAPI` tells the two apart by that 302; Kane610/aiounifi and
   * Art-of-WiFi's `login()` take only a 200 for UniFi OS.)
   */
  rootRedirect: boolean;
  /**
   * The console is starting, or its Network application restarting: every request answers this status (502 from
   * its proxy, or 503) with an HTML page (0 = off). aiounifi raises `BadGateway`/`ServiceUnavailable` for them and
   * takes a login that answers no JSON for "host starting up".
   */
  booting: 0 | 502 | 503;
  /**
   * Logins (failed and successful alike) allowed within a minute before the account is locked (0 = no limit; UniFi
   * OS allows about 5). A locked login answers 429 `AUTHENTICATION_FAILED_LIMIT_REACHED` without a Retry-After
   * (aiounifi's `AuthenticationRateLimitError`), for `loginLockMs`.
   */
  loginsPerMinute: number;
  /** how long a locked account stays locked (default 90 s) */
  loginLockMs: number;
  /** a locked login answers 200 without a session cookie instead of 429, as some consoles do */
  lockedLoginOk: boolean;
  /**
   * The next writes of the Network API (this many) are applied, then answered 503 as a proxy that gave up waiting:
   * a client that sends them again makes them twice.
   */
  writesAppliedThen503: number;
  /**
   * A client let in (authorize-guest) shows in `stat/sta/{mac}` only this long after (ms): real controllers list a
   * new client a minute or two late.
   */
  lateClientsMs: number;
  /** `stat/sta/{mac}` of a client the controller has not heard of answers 400 `api.err.UnknownStation`, not [] */
  unknownStation: boolean;
  /**
   * authorize-guest answers ok without holding the guest, as operators of other consoles saw a controller do (their
   * guests bounced back to the portal): the phone shows in `stat/sta/{mac}`, not authorized.
   */
  authorizationsLost: boolean;
  /**
   * Calls gone in newer releases, as "METHOD template" (`PUT /api/s/{site}/group/device`, `GET /api/s/{site}/stat/event`
   * as on Network 10.2): they answer 404 `api.err.NotFound`. `integration`: the official API is not there (Network
   * before 9, as beezly/unifi-apis has it from 9.0.99): its paths answer the console's 404.
   */
  removed: string[];
  /** the account may only read: every write answers 403 `api.err.NoPermission` (aiounifi's `NoPermission`) */
  readOnly: boolean;
  /**
   * UniFi OS: the account has no access to the Network application: every Network call answers 403
   * `{"error":{"code":403,"message":"Forbidden"}}`, the console's own shape, not the Network envelope.
   */
  networkForbidden: boolean;
  /**
   * `stat/sites` (every site with its health) answers this long per site after it is asked (ms): a controller of
   * 2,000 sites takes 30 s or more for it (15 ms a site).
   */
  statSitesMsPerSite: number;
};

export const NO_MISBEHAVIOUR: Misbehaviour = {
  rootRedirect: false,
  booting: 0,
  loginsPerMinute: 0,
  loginLockMs: 90_000,
  lockedLoginOk: false,
  writesAppliedThen503: 0,
  lateClientsMs: 0,
  unknownStation: false,
  authorizationsLost: false,
  removed: [],
  readOnly: false,
  networkForbidden: false,
  statSitesMsPerSite: 0,
};
