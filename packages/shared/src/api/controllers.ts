import { type Static, Type } from '@sinclair/typebox';
import { ControllerCheckSchema } from './parameters.ts';

/** How the console talks to a controller: found out at the first call, or said by the administrator. */
export const CONTROLLER_FLAVORS = ['auto', 'classic', 'unifios'] as const;
export type ControllerFlavor = (typeof CONTROLLER_FLAVORS)[number];

/** How the console signs in: the controller's account (user and password), or an API key (UniFi OS, Network 9+). */
export const CONTROLLER_SIGN_INS = ['account', 'apiKey'] as const;
export type ControllerSignIn = (typeof CONTROLLER_SIGN_INS)[number];

/** A certificate's SHA-256 fingerprint as the console prints it (`AB:CD:…`, 32 pairs); '' for none. */
export const TLS_FINGERPRINT_PATTERN = '^(|[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31})$';

/** The bounds of a controller's deadline for one call (seconds). */
export const CONTROLLER_TIMEOUT_MIN = 2;
export const CONTROLLER_TIMEOUT_MAX = 60;

/** What the console last saw of a controller (checked at most once a refresh window, or on demand). */
export const ControllerStateSchema = Type.Object({
  reachable: Type.Boolean(),
  /** the Network application's version, when the controller said it */
  version: Type.Union([Type.String(), Type.Null()]),
  /** how long the check's sites call took (ms) */
  latencyMs: Type.Union([Type.Integer(), Type.Null()]),
  /** how many sites the controller has */
  sites: Type.Union([Type.Integer(), Type.Null()]),
  /** the flavor found: classic or unifios */
  flavor: Type.Union([Type.String(), Type.Null()]),
  /** the last failure, as an error code with its parameters and the English text */
  error: Type.Union([ControllerCheckSchema, Type.Null()]),
  /** when the check ran (epoch ms) */
  checkedAt: Type.Integer(),
});

/** A controller as the Parameter tab lists it: its stored password and API key masked (or empty when none). */
export const ControllerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  flavor: Type.Unsafe<ControllerFlavor>({ type: 'string', enum: [...CONTROLLER_FLAVORS] }),
  signIn: Type.Unsafe<ControllerSignIn>({ type: 'string', enum: [...CONTROLLER_SIGN_INS] }),
  username: Type.String(),
  password: Type.String(),
  apiKey: Type.String(),
  verifyTls: Type.Boolean(),
  /** the one certificate trusted, by its SHA-256 fingerprint ('' when none is pinned) */
  tlsFingerprint: Type.String(),
  timeoutSeconds: Type.Integer(),
  /** the first controller: the one GET/PUT /it4u/systemConfig show and change, and of sites not yet synced */
  first: Type.Boolean(),
  /** how many of the console's sites belong to it */
  siteCount: Type.Integer(),
  state: Type.Union([ControllerStateSchema, Type.Null()]),
});

/**
 * A controller to add or change. A stored password or API key is kept when sent back as ******** , except when the
 * address, the account or the TLS check changes (400: type it again): a stored secret never goes where no
 * administrator typed it for.
 */
export const ControllerBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  url: Type.String({ minLength: 1, maxLength: 300, pattern: '^https?://[^\\s]+$' }),
  flavor: Type.Optional(Type.Unsafe<ControllerFlavor>({ type: 'string', enum: [...CONTROLLER_FLAVORS] })),
  signIn: Type.Unsafe<ControllerSignIn>({ type: 'string', enum: [...CONTROLLER_SIGN_INS] }),
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 500 })),
  apiKey: Type.Optional(Type.String({ maxLength: 500 })),
  verifyTls: Type.Boolean(),
  /**
   * Trust this certificate (its SHA-256 fingerprint, as a refusal named it) and no other, whoever signed it; '' or
   * left out: none pinned (left out keeps the one pinned, unless the address changes)
   */
  tlsFingerprint: Type.Optional(Type.String({ maxLength: 95, pattern: TLS_FINGERPRINT_PATTERN })),
  timeoutSeconds: Type.Optional(Type.Integer({ minimum: CONTROLLER_TIMEOUT_MIN, maximum: CONTROLLER_TIMEOUT_MAX })),
});

/** A saved controller and what signing in to it found. */
export const SavedControllerSchema = Type.Object({ controller: ControllerSchema, check: ControllerCheckSchema });

export const ControllerListSchema = Type.Object({
  items: Type.Array(ControllerSchema),
  /** true when no controller is configured and the demo controller answers */
  demo: Type.Boolean(),
});

/** Site Manager, Ubiquiti's cloud (api.ui.com unless an administrator says otherwise), and an account's key there. */
export const SiteManagerBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 300, pattern: '^https?://[^\\s]+$' }),
  apiKey: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});

/** A console the key reaches through Site Manager's connector, and the controller that reads it already, if any. */
export const CloudConsoleSchema = Type.Object({
  /** Site Manager's host id */
  id: Type.String(),
  name: Type.String(),
  /** whether Site Manager sees the console connected now */
  connected: Type.Boolean(),
  /** its address through the connector: the controller's URL */
  url: Type.String(),
  controllerId: Type.Union([Type.Integer(), Type.Null()]),
});
/**
 * The consoles of a key, or why Site Manager gave none (`failure`: a refused key, its rate limit, an address that
 * does not answer), as a controller check says it: the lookup itself worked.
 */
export const CloudConsoleListSchema = Type.Object({
  items: Type.Array(CloudConsoleSchema),
  failure: Type.Union([ControllerCheckSchema, Type.Null()]),
});

export type SiteManagerInput = Static<typeof SiteManagerBody>;
export type CloudConsole = Static<typeof CloudConsoleSchema>;
export type CloudConsoleList = Static<typeof CloudConsoleListSchema>;
export type ControllerState = Static<typeof ControllerStateSchema>;
export type ControllerView = Static<typeof ControllerSchema>;
export type ControllerInput = Static<typeof ControllerBody>;
export type SavedController = Static<typeof SavedControllerSchema>;
export type ControllerList = Static<typeof ControllerListSchema>;
