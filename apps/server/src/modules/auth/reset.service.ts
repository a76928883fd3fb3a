import type { Language } from '@it4u/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Origin } from '../../lib/context.ts';
import { BadRequestError, TooManyRequestsError, UnavailableError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mailTexts } from '../mail/mail.texts.ts';
import type { UserAccounts } from '../users/users.module.ts';
import { unknownIdentifier } from './auth.service.ts';

/** How long a reset link works. */
export const RESET_TTL_MS = 30 * 60_000;
const WINDOW_MS = 60 * 60_000;
/** Reset mails one address may ask for in an hour, and one client address whatever the addresses. */
const MAX_PER_EMAIL = 3;
const MAX_PER_CLIENT = 10;
/** Wrong or spent links one client address may try in an hour. */
const MAX_BAD_LINKS = 10;

/**
 * Password reset by mail: a single-use link valid 30 minutes (only a hash of its token is kept); asking always
 * answers the same whether or not the address is a user's; the new password follows the usual rules and ends
 * every session of the user. Asking is limited per e-mail address and per client address; wrong links per client
 * address only (a wrong token names no user, and 256 random bits are not guessed: see docs/features.md).
 */
export function createResetService(deps: {
  db: Db;
  /** the users area's accounts */
  accounts: UserAccounts;
  audit: Audit;
  /** HMAC key of the marks that stand for unknown addresses in the audit trail */
  identifierKey: Buffer;
  mail: MailService;
  /** where the web app is, for the link (PUBLIC_URL) */
  publicUrl: string;
  now: () => number;
  /** what became of a reset mail sent after the answer (logged by the caller; never the link) */
  onSent?: (promise: Promise<unknown>) => void;
}) {
  const { db, audit } = deps;
  // the audit trail's times are the database's clock: the windows count on the same one (as sign-in's do)
  const hourAgo = () => new Date(Date.now() - WINDOW_MS);

  async function mailLink(user: { id: number; name: string; username: string; email: string; language: string }) {
    const token = randomToken();
    const now = deps.now();
    // one live link a user: a new one replaces those before, in one transaction (never none left by a failure)
    await db.transaction(async (tx) => {
      await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
      await tx.insert(passwordResets).values({
        tokenHash: sha256(token),
        userId: user.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + RESET_TTL_MS),
      });
    });
    const t = mailTexts(user.language as Language);
    const link = `${deps.publicUrl}/resetPassword?token=${token}`;
    const text = t.resetText
      .replace('{{name}}', user.name || user.username)
      .replace('{{username}}', user.username)
      .replace('{{link}}', link);
    await deps.mail.sendTo(user.email, t.resetSubject, text);
  }

  return {
    available: () => deps.mail.available(),

    /** Ends every open link of a user (a password set, an e-mail address changed, a block), in the caller's write. */
    async endLinks(userId: number, tx: Db): Promise<void> {
      await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },

    /** Mails a reset link to the address if it is a user's; the answer is the same either way. */
    async request(email: string, origin: Origin): Promise<void> {
      if (!(await deps.mail.available())) throw new UnavailableError(503, 'mailNotConfigured');
      const typed = email.trim().toLowerCase();
      const user = await deps.accounts.byLogin(typed);
      const known = user !== undefined && user.email.toLowerCase() === typed;
      // the account's name, or a mark for an address that is no user's (never what was typed)
      const target = known ? user.username.toLowerCase() : unknownIdentifier(deps.identifierKey, typed);
      const [forAddress, fromClient] = await Promise.all([
        audit.countSince('password.reset.request', hourAgo(), { target }),
        audit.countSince('password.reset.request', hourAgo(), { ip: origin.ip }),
      ]);
      if (forAddress >= MAX_PER_EMAIL || fromClient >= MAX_PER_CLIENT) {
        throw new TooManyRequestsError('resetTooMany', { minutes: 60 });
      }
      await audit.record('password.reset.request', origin, { target });
      if (!known || user.status !== 'Active') return;
      // sent after the answer: the time taken says nothing of whether the address is a user's
      deps.onSent?.(mailLink(user));
    },

    /** Sets the new password of a live link, once. */
    async reset(input: { token: string; newPassword: string; confirmPassword: string }, origin: Origin) {
      if ((await audit.countSince('password.reset.badLink', hourAgo(), { ip: origin.ip })) >= MAX_BAD_LINKS) {
        throw new TooManyRequestsError('resetTooMany', { minutes: 60 });
      }
      if (input.newPassword !== input.confirmPassword) throw new BadRequestError('passwordsDiffer', 'confirmPassword');
      const hash = sha256(input.token);
      const now = new Date(deps.now());
      const [link] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
        );
      if (!link) {
        await audit.record('password.reset.badLink', origin);
        throw new BadRequestError('resetLinkInvalid', 'token');
      }
      // the rules first (a weak password leaves the link usable), then the link is spent: once only
      await deps.accounts.checkNewPassword(link.userId, input.newPassword);
      const spent = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt)))
        .returning({ userId: passwordResets.userId });
      if (spent.length !== 1) throw new BadRequestError('resetLinkInvalid', 'token');
      await deps.accounts.setPasswordFromLink(link.userId, input.newPassword, origin);
    },
  };
}

export type ResetService = ReturnType<typeof createResetService>;
