// What the terminal stores and reads: its sessions and their recordings, the pinned host keys, the approvals of hosts
// for stored passwords (over 300 lines: four small stores, each a few short queries).
import type { HostKey, TerminalApproval, TerminalSession } from '@it4u/shared';
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sshHostKeys, terminalChunks, terminalHostApprovals, terminalSessions } from '../../db/schema.ts';
import { containsPattern } from '../../lib/sql.ts';

export type SessionStart = {
  userId: number;
  actorName: string;
  deviceInfoId: number;
  site: string;
  customer: string;
  host: string;
  port: number;
  sshUser: string;
  cols: number;
  rows: number;
  at: Date;
};

/** The first key of the per-user lock taken while a session starts (the second is the user's id). */
const SESSION_LOCK = 0x7465_726d; // 'term'

const ms = (d: Date | null) => (d === null ? null : d.getTime());

/** An approval as stored: without the customer and the site of its row. */
export type StoredApproval = Omit<TerminalApproval, 'customer' | 'site'>;

/** One row's host and port: an approval's key. */
export type ApprovalKey = { deviceInfoId: number; host: string; port: number };

const approvalIs = (k: ApprovalKey) =>
  and(
    eq(terminalHostApprovals.deviceInfoId, k.deviceInfoId),
    eq(terminalHostApprovals.host, k.host),
    eq(terminalHostApprovals.port, k.port),
  );

/** Terminal sessions, their recordings, the pinned host keys, and the hosts approved for stored passwords. */
const sessionOf = (r: typeof terminalSessions.$inferSelect): TerminalSession => ({
  id: r.id,
  actorName: r.actorName,
  deviceInfoId: r.deviceInfoId,
  site: r.site,
  customer: r.customer,
  host: r.host,
  port: r.port,
  sshUser: r.sshUser,
  startedAt: r.startedAt.getTime(),
  endedAt: ms(r.endedAt),
  bytesIn: r.bytesIn,
  bytesOut: r.bytesOut,
  closeReason: r.closeReason,
  recordedBytes: r.recordedBytes,
  truncated: r.truncated,
});

export function createTerminalRepository(db: Db) {
  return {
    /**
     * Drops the approvals of a device row's hosts that the row no longer names where they were approved (`kept`:
     * `"<source> <host>"` of each address it still has); hosts its router pushed stay.
     */
    async dropApprovalsExcept(deviceInfoId: number, kept: string[], within: Db = db): Promise<void> {
      await within
        .delete(terminalHostApprovals)
        .where(
          and(
            eq(terminalHostApprovals.deviceInfoId, deviceInfoId),
            sql`${terminalHostApprovals.source} not like 'push:%'`,
            kept.length
              ? notInArray(sql`${terminalHostApprovals.source} || ' ' || ${terminalHostApprovals.host}`, kept)
              : undefined,
          ),
        );
    },

    async approval(k: ApprovalKey) {
      const [row] = await db.select().from(terminalHostApprovals).where(approvalIs(k));
      return row;
    },

    /**
     * Asks for an approval of a row's host with the key it offered: a request stands (pending) until approved; an
     * approval there was (of another key, or of the host under another source) is replaced by the request.
     */
    async request(k: ApprovalKey & { source: string; fingerprint: string; by: string; at: Date }) {
      const asked = {
        source: k.source,
        fingerprint: k.fingerprint,
        state: 'pending',
        requestedBy: k.by,
        requestedAt: k.at,
        approvedBy: null,
        approvedAt: null,
      };
      await db
        .insert(terminalHostApprovals)
        .values({ deviceInfoId: k.deviceInfoId, host: k.host, port: k.port, ...asked })
        .onConflictDoUpdate({
          target: [terminalHostApprovals.deviceInfoId, terminalHostApprovals.host, terminalHostApprovals.port],
          set: asked,
        });
    },

    /** Approves a request, if it is still pending with this key: answers whether it did. */
    async approve(k: ApprovalKey & { fingerprint: string; by: string; at: Date }, within: Db = db): Promise<boolean> {
      const rows = await within
        .update(terminalHostApprovals)
        .set({ state: 'approved', approvedBy: k.by, approvedAt: k.at })
        .where(
          and(
            approvalIs(k),
            eq(terminalHostApprovals.state, 'pending'),
            eq(terminalHostApprovals.fingerprint, k.fingerprint),
          ),
        )
        .returning({ host: terminalHostApprovals.host });
      return rows.length > 0;
    },

    /** Removes an approval or a request: answers what it was. */
    async revoke(k: ApprovalKey, within: Db = db) {
      const [row] = await within.delete(terminalHostApprovals).where(approvalIs(k)).returning();
      return row;
    },

    /**
     * The requests and approvals, requests first, newest first (the service adds each row's customer and site, which
     * the device information's area names).
     */
    async approvals(): Promise<StoredApproval[]> {
      const rows = await db
        .select()
        .from(terminalHostApprovals)
        .orderBy(
          desc(terminalHostApprovals.state),
          desc(terminalHostApprovals.requestedAt),
          terminalHostApprovals.deviceInfoId,
          terminalHostApprovals.host,
          terminalHostApprovals.port,
        )
        .limit(1000);
      return rows.map((a) => ({
        deviceInfoId: a.deviceInfoId,
        host: a.host,
        port: a.port,
        source: a.source,
        fingerprint: a.fingerprint,
        state: a.state === 'approved' ? 'approved' : 'pending',
        requestedBy: a.requestedBy,
        requestedAt: a.requestedAt.getTime(),
        approvedBy: a.approvedBy,
        approvedAt: ms(a.approvedAt),
      }));
    },

    /** The hosts that offered a key other than the one pinned (refused until an administrator accepts it), since when. */
    async changedKeys(): Promise<{ host: string; port: number; since: number }[]> {
      const rows = await db
        .select({ host: sshHostKeys.host, port: sshHostKeys.port, at: sshHostKeys.offeredAt })
        .from(sshHostKeys)
        .where(isNotNull(sshHostKeys.offeredFingerprint));
      return rows.map((r) => ({ host: r.host, port: r.port, since: r.at?.getTime() ?? 0 }));
    },

    async hostKey(host: string, port: number) {
      const [row] = await db
        .select()
        .from(sshHostKeys)
        .where(and(eq(sshHostKeys.host, host), eq(sshHostKeys.port, port)));
      return row;
    },

    /** Pins a key at the first connection (a key pinned meanwhile by another session wins). */
    async pin(host: string, port: number, fingerprint: string, by: string): Promise<string> {
      await db.insert(sshHostKeys).values({ host, port, fingerprint, pinnedBy: by }).onConflictDoNothing();
      return (await this.hostKey(host, port))?.fingerprint ?? fingerprint;
    },

    async offer(host: string, port: number, fingerprint: string, at: Date) {
      await db
        .update(sshHostKeys)
        .set({ offeredFingerprint: fingerprint, offeredAt: at })
        .where(and(eq(sshHostKeys.host, host), eq(sshHostKeys.port, port)));
    },

    /** Replaces the pinned key by the offered one, if that is still the one offered. */
    async accept(host: string, port: number, fingerprint: string, by: string, at: Date, within: Db = db) {
      const rows = await within
        .update(sshHostKeys)
        .set({ fingerprint, pinnedBy: by, pinnedAt: at, offeredFingerprint: null, offeredAt: null })
        .where(
          and(eq(sshHostKeys.host, host), eq(sshHostKeys.port, port), eq(sshHostKeys.offeredFingerprint, fingerprint)),
        )
        .returning({ host: sshHostKeys.host });
      return rows.length > 0;
    },

    async hostKeys(): Promise<HostKey[]> {
      const rows = await db.select().from(sshHostKeys).orderBy(desc(sshHostKeys.offeredAt), sshHostKeys.host);
      return rows.map((r) => ({ ...r, pinnedAt: r.pinnedAt.getTime(), offeredAt: ms(r.offeredAt) }));
    },

    /**
     * Starts a session and writes its recording's header, unless the user already has `max` sessions open (not
     * ended, and active since `since`: a crashed instance's sessions expire): answers the new session's id, or
     * undefined when the limit is reached. Counting and inserting happen under a lock of the user (a transaction
     * advisory lock), so that connects racing on any instance cannot go past the limit together.
     */
    async start(s: SessionStart, header: string, limit: { max: number; since: Date }): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_LOCK}::int, ${s.userId}::int)`);
        const [open] = await tx
          .select({ n: count() })
          .from(terminalSessions)
          .where(
            and(
              eq(terminalSessions.userId, s.userId),
              isNull(terminalSessions.endedAt),
              gt(terminalSessions.activeAt, limit.since),
            ),
          );
        if (Number(open?.n ?? 0) >= limit.max) return undefined;
        const [row] = await tx
          .insert(terminalSessions)
          .values({ ...s, startedAt: s.at, activeAt: s.at })
          .returning({ id: terminalSessions.id });
        if (!row) throw new Error('insert returned nothing');
        await tx.insert(terminalChunks).values({ sessionId: row.id, seq: 0, data: header });
        return row.id;
      });
    },

    /** Adds a piece of the recording and the counts so far. */
    async progress(
      id: number,
      p: {
        seq?: number;
        data?: string;
        bytesIn: number;
        bytesOut: number;
        recordedBytes: number;
        truncated: boolean;
        at: Date;
      },
    ) {
      await db.transaction(async (tx) => {
        if (p.data && p.seq !== undefined) {
          await tx.insert(terminalChunks).values({ sessionId: id, seq: p.seq, data: p.data });
        }
        await tx
          .update(terminalSessions)
          .set({
            bytesIn: p.bytesIn,
            bytesOut: p.bytesOut,
            recordedBytes: p.recordedBytes,
            truncated: p.truncated,
            activeAt: p.at,
          })
          .where(eq(terminalSessions.id, id));
      });
    },

    async end(id: number, reason: string, at: Date) {
      await db
        .update(terminalSessions)
        .set({ endedAt: at, closeReason: reason })
        .where(and(eq(terminalSessions.id, id), isNull(terminalSessions.endedAt)));
    },

    /** A page of sessions, newest first: everyone's, or those of one user (`userId`). */
    async page(
      q: string | undefined,
      offset: number,
      limit: number,
      userId?: number,
    ): Promise<{ items: TerminalSession[]; total: number }> {
      const text = q?.trim();
      const p = text ? containsPattern(text) : '';
      const where = and(
        text
          ? or(
              ilike(terminalSessions.actorName, p),
              ilike(terminalSessions.host, p),
              ilike(terminalSessions.site, p),
              ilike(terminalSessions.customer, p),
              ilike(terminalSessions.sshUser, p),
            )
          : undefined,
        userId === undefined ? undefined : eq(terminalSessions.userId, userId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(terminalSessions)
          .where(where)
          .orderBy(desc(terminalSessions.startedAt), desc(terminalSessions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(terminalSessions).where(where),
      ]);
      return { items: rows.map(sessionOf), total: Number(total?.n ?? 0) };
    },

    /**
     * The sessions on some device information rows started before a time, newest first, everyone's or one user's (a
     * customer's page).
     */
    async ofDevices(deviceInfoIds: number[], before: Date, limit: number, userId?: number): Promise<TerminalSession[]> {
      if (deviceInfoIds.length === 0) return [];
      const rows = await db
        .select()
        .from(terminalSessions)
        .where(
          and(
            inArray(terminalSessions.deviceInfoId, deviceInfoIds),
            lt(terminalSessions.startedAt, before),
            userId === undefined ? undefined : eq(terminalSessions.userId, userId),
          ),
        )
        .orderBy(desc(terminalSessions.startedAt), desc(terminalSessions.id))
        .limit(limit);
      return rows.map(sessionOf);
    },

    async session(id: number) {
      const [row] = await db.select().from(terminalSessions).where(eq(terminalSessions.id, id));
      return row;
    },

    /** The recording's event lines, in order. */
    async chunks(id: number): Promise<string[]> {
      const rows = await db
        .select({ data: terminalChunks.data })
        .from(terminalChunks)
        .where(eq(terminalChunks.sessionId, id))
        .orderBy(terminalChunks.seq);
      return rows.map((r) => r.data);
    },

    /**
     * Ends the sessions an instance left open when it stopped or crashed: those not ended and silent since `before`
     * (the caller leaves a margin past the idle time, so that no live session of a running instance is ended).
     * Answers how many.
     */
    async endAbandoned(before: Date, at: Date): Promise<number> {
      const rows = await db
        .update(terminalSessions)
        .set({ endedAt: at, closeReason: 'shutdown' })
        .where(and(isNull(terminalSessions.endedAt), lt(terminalSessions.activeAt, before)))
        .returning({ id: terminalSessions.id });
      return rows.length;
    },

    /** Runs fn in one transaction (the `within` of the writes above): a write and its audit line, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}

export type TerminalRepository = ReturnType<typeof createTerminalRepository>;
