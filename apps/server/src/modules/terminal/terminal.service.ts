import type { TerminalApproval } from '@it4u/shared';
import type { RawData, WebSocket } from 'ws';
import type { Actor, RequestContext } from '../../lib/context.ts';
import { mayDo } from '../../lib/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { TerminalRepository } from './terminal.repository.ts';
import { PendingEnds, type SessionDeps, TerminalSession } from './terminal.session.ts';

export type { EndReason, TerminalDevices } from './terminal.connect.ts';
export type { TerminalOptions } from './terminal.session.ts';

type Deps = SessionDeps & { terminal: TerminalRepository };

/**
 * A session not ended and silent for the idle time plus this is over, whatever instance ran it: a live session is
 * closed by its own instance once idle, and its activity is written within a second of each keystroke or output.
 * The margin covers a connect in progress (at most about 45 s before the idle timer starts) and clocks that differ
 * between instances.
 */
export const ABANDONED_AFTER_IDLE_MS = 5 * 60_000;

/** A browser's message: its JSON, or nothing (a binary frame, or text that is not JSON). */
function parse(raw: RawData, isBinary: boolean): unknown {
  try {
    return isBinary ? undefined : JSON.parse(raw.toString());
  } catch {
    return undefined;
  }
}

/**
 * The remote terminal: a browser's WebSocket carried to an SSH shell on a host recorded for a customer, with an idle
 * timeout, a limit of sessions per user, and every session audited and recorded (asciicast v2, output only: what was
 * typed is seen as the host echoes it, a password typed at a prompt is not). A typed password goes to any recorded
 * host, its key pinned at first use; a stored password (root: the row's load-balancer password, admin: the default
 * one) only to a host whose key an administrator or lead technician approved for the row (docs/decisions.md).
 * A session itself is a TerminalSession (terminal.session.ts); the checks of its connect are in terminal.connect.ts.
 */
export function createTerminalService(deps: Deps) {
  const { terminal, options, now } = deps;
  const live = new Set<TerminalSession>();
  const pending = new PendingEnds();

  /** One browser's terminal, from its connect message to its end (`ip`: where the browser is, for the audit). */
  function attach(ws: WebSocket, actor: Actor, ip?: string) {
    const session = new TerminalSession(ws, { actor, ip }, deps, (ended) => live.delete(ended), pending);
    live.add(session);
    ws.on('message', (raw, isBinary) => session.receive(parse(raw, isBinary)));
    ws.on('close', () => session.finish('user'));
    ws.on('error', () => session.finish('error'));
  }

  return {
    /** How many terminal sessions run on this instance. */
    openSessions: () => live.size,
    attach,

    /** Ends every open session (the server stops). */
    stop() {
      for (const session of [...live]) session.finish('shutdown');
    },

    /**
     * Ends the sessions left open by an instance that stopped without ending them (a crash): those silent for the
     * idle time plus a margin (ABANDONED_AFTER_IDLE_MS), which no running instance still has open. Answers how many.
     */
    endAbandoned: () =>
      terminal.endAbandoned(new Date(now() - options.idleMs - ABANDONED_AFTER_IDLE_MS), new Date(now())),

    /** Sessions, newest first: administrators and lead technicians see everyone's, others their own. */
    page: (q: string | undefined, page: number, pageSize: number, actor: Actor) =>
      terminal.page(q, (page - 1) * pageSize, pageSize, mayDo(actor, 'terminalTrust') ? undefined : actor.id),

    /** A session's recording as an asciicast v2 file: for administrators, lead technicians, and whoever made it. */
    async recording(id: number, actor: Actor): Promise<string> {
      const session = await terminal.session(id);
      if (!session) throw new NotFoundError('terminalSessionNotFound');
      if (session.userId !== actor.id && !mayDo(actor, 'terminalTrust'))
        throw new ForbiddenError('terminalRecordingNotYours');
      return (await terminal.chunks(id)).join('');
    },

    /** The hosts waiting for approval and those approved, for stored passwords; with each row's customer and site. */
    async approvals(): Promise<TerminalApproval[]> {
      const rows = await terminal.approvals();
      const labels = await deps.devices.labels([...new Set(rows.map((a) => a.deviceInfoId))]);
      return rows.map(({ deviceInfoId, ...a }) => {
        const label = labels.get(deviceInfoId);
        return { deviceInfoId, customer: label?.customer ?? '', site: label?.site ?? '', ...a };
      });
    },

    /**
     * An administrator or lead technician approves a row's host for stored passwords, naming the key they saw (a key
     * offered since is not approved unseen). Audited.
     */
    async approve(k: { rowId: number; host: string; port: number; fingerprint: string }, ctx: RequestContext) {
      const where = { deviceInfoId: k.rowId, host: k.host.trim().toLowerCase(), port: k.port };
      const asked = await terminal.approval(where);
      // the approval and its audit line are one transaction: both or neither (so for the two below)
      await terminal.transaction(async (tx) => {
        const at = new Date(now());
        const ok = await terminal.approve({ ...where, fingerprint: k.fingerprint, by: ctx.actor.username, at }, tx);
        if (!ok || !asked) throw new BadRequestError('terminalApprovalChanged', 'fingerprint');
        await deps.audit.record(
          'terminal.approve',
          ctx,
          {
            target: `deviceInfo:${k.rowId}`,
            details: { host: where.host, port: k.port, source: asked.source, fingerprint: k.fingerprint },
          },
          tx,
        );
      });
    },

    /** Withdraws an approval (or a request) of a row's host. Audited. */
    async revoke(k: { rowId: number; host: string; port: number }, ctx: RequestContext) {
      const where = { deviceInfoId: k.rowId, host: k.host.trim().toLowerCase(), port: k.port };
      await terminal.transaction(async (tx) => {
        const gone = await terminal.revoke(where, tx);
        if (!gone) throw new NotFoundError('terminalApprovalNotFound');
        await deps.audit.record(
          'terminal.revoke',
          ctx,
          {
            target: `deviceInfo:${k.rowId}`,
            details: {
              host: where.host,
              port: k.port,
              source: gone.source,
              state: gone.state,
              fingerprint: gone.fingerprint,
            },
          },
          tx,
        );
      });
    },

    hostKeys: () => terminal.hostKeys(),

    /** An administrator accepts the key a host now offers in place of the pinned one (audited). */
    async acceptHostKey(host: string, port: number, fingerprint: string, ctx: RequestContext) {
      const known = await terminal.hostKey(host.toLowerCase(), port);
      if (!known?.offeredFingerprint || known.offeredFingerprint !== fingerprint) {
        throw new BadRequestError('hostKeyNotOffered', 'fingerprint');
      }
      await terminal.transaction(async (tx) => {
        await terminal.accept(known.host, port, fingerprint, ctx.actor.username, new Date(now()), tx);
        const facts = { target: `${known.host}:${port}`, details: { from: known.fingerprint, to: fingerprint } };
        await deps.audit.record('terminal.hostKey', ctx, facts, tx);
      });
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
