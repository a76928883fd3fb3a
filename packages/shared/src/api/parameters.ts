import { type Static, Type } from '@sinclair/typebox';

const required = () => Type.String({ minLength: 1, maxLength: 500 });

/** The system parameters (usernameUbnt, pwUbnt, tokenUcrm, tokenDev, ...) plus the controller address and TLS check; secrets come masked. */
export const ParametersSchema = Type.Object({
  usernameUbnt: Type.String(),
  pwUbnt: Type.String(),
  tokenUcrm: Type.String(),
  tokenDev: Type.String(),
  /** whether the shared device token is accepted (for sites with no token of their own); off: only sites' tokens */
  tokenDevEnabled: Type.Boolean(),
  /** controller address; empty = none configured (the demo controller is used) */
  urlUbnt: Type.String(),
  verifyTls: Type.Boolean(),
  /** the controller's host over SSH, where cronjob files are written (empty: none, files are kept only) */
  sshHost: Type.String(),
  sshPort: Type.Integer(),
  sshUser: Type.String(),
  sshPassword: Type.String(),
  sshKey: Type.String(),
  /** the controller's data directory on that host */
  unifiDataDir: Type.String(),
  /** the host key pinned at the first connection (SHA-256), empty before */
  sshHostKey: Type.String(),
  /** the remote terminal's default password of the user admin on customers' routers */
  terminalPassword: Type.String(),
});

/**
 * The controller's user and password may be empty or left out when no address is given (the demo controller is
 * used); with an address both are needed (400 controllerUserRequired / controllerPasswordRequired). The shared device
 * token (tokenDev) likewise: needed only while it is accepted (400 deviceTokenSharedRequired), else empty or left out.
 */
const optionalText = () => Type.Optional(Type.String({ maxLength: 500 }));

export const ParametersBody = Type.Object({
  usernameUbnt: optionalText(),
  pwUbnt: optionalText(),
  tokenUcrm: required(),
  tokenDev: optionalText(),
  /** left out: unchanged */
  tokenDevEnabled: Type.Optional(Type.Boolean()),
  urlUbnt: Type.Optional(Type.String({ maxLength: 300, pattern: '^(|https?://[^\\s]+)$' })),
  verifyTls: Type.Optional(Type.Boolean()),
  sshHost: Type.Optional(Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9.:\\-\\[\\]]*$' })),
  sshPort: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_535 })),
  sshUser: Type.Optional(Type.String({ maxLength: 100 })),
  sshPassword: optionalText(),
  /** a private key in OpenSSH or PEM form */
  sshKey: Type.Optional(Type.String({ maxLength: 16_384 })),
  unifiDataDir: Type.Optional(Type.String({ maxLength: 300, pattern: '^(|/[^\\0]*)$' })),
  terminalPassword: optionalText(),
});

/** What a controller check found: a code of API_ERRORS with its parameters and the text; the address for staff. */
const outcomeFields = {
  ok: Type.Boolean(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  message: Type.String(),
  controller: Type.Optional(Type.String()),
};
export const ControllerCheckSchema = Type.Object(outcomeFields);

export const SavedParametersSchema = Type.Object({ saved: Type.Boolean(), controller: ControllerCheckSchema });

export const SessionCheckSchema = Type.Object({
  ...outcomeFields,
  demo: Type.Boolean(),
  flavor: Type.Optional(Type.String()),
});

export const ControllerInfoSchema = Type.Object({ configured: Type.Boolean(), demo: Type.Boolean() });

/**
 * The token GET /metrics asks for: METRICS_TOKEN of the environment (not shown), one the console generated (shown to
 * administrators), or none (then /metrics answers only this machine).
 */
export const MetricsTokenSchema = Type.Object({
  source: Type.Unsafe<'env' | 'generated' | 'none'>({ type: 'string', enum: ['env', 'generated', 'none'] }),
  token: Type.Union([Type.String(), Type.Null()]),
});

export type SystemParameters = Static<typeof ParametersSchema>;
export type ParametersInput = Static<typeof ParametersBody>;
export type ControllerCheck = Static<typeof ControllerCheckSchema>;
export type SavedParameters = Static<typeof SavedParametersSchema>;
export type SessionCheck = Static<typeof SessionCheckSchema>;
export type ControllerInfo = Static<typeof ControllerInfoSchema>;
export type MetricsToken = Static<typeof MetricsTokenSchema>;
