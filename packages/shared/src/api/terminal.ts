import { type Static, Type } from '@sinclair/typebox';
import { HOST_PATTERN } from '../deviceInfo.ts';
import { Id, PageNumber, PageSize, SearchText } from './common.ts';

/** Who the terminal signs in as: root (the row's load-balancer password), admin (the default one) or a typed user. */
export const TERMINAL_LOGINS = ['root', 'admin', 'typed'] as const;
export type TerminalLogin = (typeof TERMINAL_LOGINS)[number];

const Size = (max: number) => Type.Integer({ minimum: 10, maximum: max });

/**
 * The first message on /webssh (operate connect with host, port, username, password), for a device
 * information row; passwords the server chooses (root, admin) are never sent.
 */
export const TerminalConnectMessage = Type.Object({
  operate: Type.Literal('connect'),
  rowId: Id,
  host: Type.String({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }),
  port: Type.Integer({ minimum: 1, maximum: 65_535 }),
  login: Type.Union(TERMINAL_LOGINS.map((l) => Type.Literal(l))),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  cols: Type.Optional(Size(500)),
  rows: Type.Optional(Size(200)),
});

/** Keystrokes (operate command, per keystroke or a paste). */
export const TerminalCommandMessage = Type.Object({
  operate: Type.Literal('command'),
  command: Type.String({ maxLength: 65_536 }),
});

export const TerminalResizeMessage = Type.Object({
  operate: Type.Literal('resize'),
  cols: Size(500),
  rows: Size(200),
});

/** Why a session ended. */
export const TERMINAL_CLOSE_REASONS = [
  'user',
  'remote',
  'idle',
  'error',
  'loginRefused',
  'hostKeyChanged',
  'shutdown',
] as const;
export type TerminalCloseReason = (typeof TERMINAL_CLOSE_REASONS)[number];

/** What the server says besides the terminal's output (which comes as binary frames). */
export type TerminalEvent =
  | { type: 'hostKey'; fingerprint: string; firstUse: boolean }
  | { type: 'ready'; sessionId: number }
  | { type: 'error'; code: string; params?: Record<string, string | number>; message: string }
  | { type: 'closed'; reason: TerminalCloseReason };

export const TerminalSessionSchema = Type.Object({
  id: Type.Integer(),
  actorName: Type.String(),
  deviceInfoId: Type.Union([Type.Integer(), Type.Null()]),
  site: Type.String(),
  customer: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  sshUser: Type.String(),
  startedAt: Type.Number(),
  endedAt: Type.Union([Type.Number(), Type.Null()]),
  bytesIn: Type.Number(),
  bytesOut: Type.Number(),
  closeReason: Type.Union([Type.String(), Type.Null()]),
  recordedBytes: Type.Integer(),
  truncated: Type.Boolean(),
});

export const TerminalSessionQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
  q: Type.Optional(SearchText),
});

export const HostKeySchema = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  fingerprint: Type.String(),
  pinnedAt: Type.Number(),
  pinnedBy: Type.String(),
  offeredFingerprint: Type.Union([Type.String(), Type.Null()]),
  offeredAt: Type.Union([Type.Number(), Type.Null()]),
});

export const HostKeyBody = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }),
  port: Type.Integer({ minimum: 1, maximum: 65_535 }),
  /** the offered key the administrator read and accepts (so that a newer offer is not accepted unseen) */
  fingerprint: Type.String({ minLength: 1, maxLength: 100 }),
});

export const SessionIdParams = Type.Object({ id: Id });

/** A host waiting for approval (its key seen at a first connection as root or admin), or approved for a row. */
export const TERMINAL_APPROVAL_STATES = ['pending', 'approved'] as const;
export type TerminalApprovalState = (typeof TERMINAL_APPROVAL_STATES)[number];

/**
 * A host to which the console may offer a stored password (the row's load-balancer password as root, the default
 * one as admin) for one row: asked at a first connection, approved by an administrator or a lead technician.
 */
export const TerminalApprovalSchema = Type.Object({
  deviceInfoId: Type.Integer(),
  customer: Type.String(),
  site: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  /** where the address came from: a field of the row (`ipWan1`, …) or a router's push (`push:wan1` … `push:wan4`) */
  source: Type.String(),
  fingerprint: Type.String(),
  state: Type.Union(TERMINAL_APPROVAL_STATES.map((s) => Type.Literal(s))),
  requestedBy: Type.String(),
  requestedAt: Type.Number(),
  approvedBy: Type.Union([Type.String(), Type.Null()]),
  approvedAt: Type.Union([Type.Number(), Type.Null()]),
});

/** One row's host: what a revoke names. */
export const TerminalApprovalKey = Type.Object({
  rowId: Id,
  host: Type.String({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }),
  port: Type.Integer({ minimum: 1, maximum: 65_535 }),
});

export const TerminalApproveBody = Type.Object({
  rowId: Id,
  host: Type.String({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }),
  port: Type.Integer({ minimum: 1, maximum: 65_535 }),
  /** the key the approver read (so that a key offered since is never approved unseen) */
  fingerprint: Type.String({ minLength: 1, maxLength: 100 }),
});

export type TerminalConnect = Static<typeof TerminalConnectMessage>;
export type TerminalSession = Static<typeof TerminalSessionSchema>;
export type HostKey = Static<typeof HostKeySchema>;
export type TerminalApproval = Static<typeof TerminalApprovalSchema>;
