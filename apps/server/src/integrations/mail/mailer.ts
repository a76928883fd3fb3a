import type { ApiErrorCode, ErrorParams } from '@it4u/shared';
import nodemailer from 'nodemailer';
import wellKnown from 'nodemailer/lib/well-known';

/** Where and how mail goes out: nodemailer's SMTP pool options. */
export type SmtpSettings = {
  /** a service nodemailer knows, in place of host and port ('' for none) */
  service: string;
  host: string;
  port: number;
  username: string;
  password: string;
  maxMessages: number;
  rateDelta: number;
  /** messages per rateDelta; 0 for no limit */
  rateLimit: number;
  /**
   * whether a login may go over a connection without encryption (a server that offers no STARTTLS); otherwise,
   * with a username, the connection is encrypted (TLS from the start on port 465, STARTTLS elsewhere) or nothing
   * is sent
   */
  allowInsecure: boolean;
};

export type Attachment = { filename: string; content: Buffer; contentType: string };
export type Message = {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
};

/** What became of a message: a code of API_ERRORS with its parameters, and the server's answer or the error. */
export type Delivery = { ok: boolean; code: ApiErrorCode; params: ErrorParams; response: string };

/** Whether nodemailer knows a service by this name. */
export const knownService = (name: string) => wellKnown(name) !== false;

/** Words for a failed send, from nodemailer's error codes (the server's answer when it gave one). */
export function failure(err: unknown): Delivery {
  const e = err as { code?: string; response?: unknown; message?: string; command?: string };
  const reason = (e.message ?? String(err)).slice(0, 500);
  const response = (typeof e.response === 'string' ? e.response : reason).slice(0, 500);
  // the server answered STARTTLS with a refusal (it offers none): the login was not sent
  if (e.code === 'ETLS' && e.command === 'STARTTLS' && typeof e.response === 'string') {
    return { ok: false, code: 'mailTlsRequired', params: { response }, response };
  }
  switch (e.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return { ok: false, code: 'mailAuthRefused', params: { response }, response };
    case 'EENVELOPE':
      return { ok: false, code: 'mailRecipientsRefused', params: { response }, response };
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ETIMEDOUT':
    case 'EDNS':
    case 'ETLS':
    case 'EPROTOCOL':
      return { ok: false, code: 'mailUnreachable', params: { reason }, response: reason };
    default:
      return { ok: false, code: 'mailFailed', params: { reason }, response };
  }
}

/**
 * One pooled SMTP transport (nodemailer's pool: maxMessages, rateDelta and rateLimit are its own options) that every
 * mail of the console goes through. A send answers what the server said; it never throws.
 */
export function createMailer(settings: SmtpSettings) {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    maxMessages: settings.maxMessages,
    rateDelta: settings.rateDelta,
    ...(settings.rateLimit > 0 ? { rateLimit: settings.rateLimit } : {}),
    ...(settings.service ? { service: settings.service } : { host: settings.host, port: settings.port }),
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password } } : {}),
    // a password never goes in clear unless the administrator allowed it: STARTTLS is required (port 465 and the
    // services' secure ports are TLS from the start, which nodemailer chooses by the port)
    ...(settings.username && !settings.allowInsecure ? { requireTLS: true } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });

  return {
    async send(message: Message): Promise<Delivery> {
      try {
        const info = await transport.sendMail(message);
        const response = String(info.response ?? '').slice(0, 500);
        if (info.rejected.length > 0 && info.accepted.length === 0) {
          return { ok: false, code: 'mailRecipientsRefused', params: { response }, response };
        }
        return { ok: true, code: 'mailSent', params: { response }, response };
      } catch (err) {
        return failure(err);
      }
    },
    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
