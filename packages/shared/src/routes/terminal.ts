import { Type } from '@sinclair/typebox';
import { MessageSchema, pageOf } from '../api/common.ts';
import {
  HostKeyBody,
  HostKeySchema,
  SessionIdParams,
  TerminalApprovalKey,
  TerminalApprovalSchema,
  TerminalApproveBody,
  TerminalSessionQuery,
  TerminalSessionSchema,
} from '../api/terminal.ts';
import { defineRoutes } from '../contract.ts';

/**
 * The audit of terminal sessions, their recordings, the pinned host keys, and the hosts approved for stored
 * passwords. The terminal itself is a WebSocket outside /api/v1 (the server's terminalSocket).
 */
export const terminalRoutes = defineRoutes('remote terminal', {
  'GET /it4u/webssh/sessions': {
    access: 'terminal',
    summary:
      "Terminal sessions, newest first: who, which customer and site, host, user, times, bytes, why it closed (administrators and lead technicians see everyone's, others their own)",
    query: TerminalSessionQuery,
    response: pageOf(TerminalSessionSchema),
  },
  'GET /it4u/webssh/sessions/:id/recording': {
    access: 'terminal',
    summary:
      "A session's recording (asciicast v2: a header line, then [seconds, 'o' | 'r', text] lines); for administrators, lead technicians and whoever made the session",
    params: SessionIdParams,
    response: Type.String(),
    errors: [404],
  },
  'GET /it4u/webssh/hostKeys': {
    access: 'terminal',
    summary: 'The pinned host keys, and the other keys hosts offered since (refused until accepted)',
    response: Type.Array(HostKeySchema),
  },
  'POST /it4u/webssh/hostKeys/accept': {
    access: 'parameters',
    audit: 'terminal.hostKey',
    summary: 'Accept the key a host now offers in place of the pinned one (administrators; audited)',
    body: HostKeyBody,
    response: MessageSchema,
  },
  'GET /it4u/webssh/approvals': {
    access: 'terminalTrust',
    summary:
      'The hosts approved for stored passwords (root, admin) per device information row, and those waiting for approval',
    response: Type.Array(TerminalApprovalSchema),
  },
  'POST /it4u/webssh/approvals/approve': {
    access: 'terminalTrust',
    audit: 'terminal.approve',
    summary:
      "Approve a row's host for stored passwords with the key it offered (administrators and lead technicians; audited)",
    body: TerminalApproveBody,
    response: MessageSchema,
  },
  'POST /it4u/webssh/approvals/revoke': {
    access: 'terminalTrust',
    audit: 'terminal.revoke',
    summary: "Withdraw a row's host approval or request (administrators and lead technicians; audited)",
    body: TerminalApprovalKey,
    response: MessageSchema,
    errors: [404],
  },
});
