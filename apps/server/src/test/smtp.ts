import type { AddressInfo } from 'node:net';
import type { MailConfigInput } from '@it4u/shared';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests: it keeps every mail it accepts, parsed. With `password`, it asks for a
 * login and refuses any other; with `refuseRecipients`, it refuses every recipient; with `starttls`, it offers
 * STARTTLS (with smtp-server's own self-signed certificate). `logins` counts the logins it was sent (AUTH).
 */
export async function startSmtp(
  opts: { username?: string; password?: string; refuseRecipients?: boolean; starttls?: boolean } = {},
) {
  const received: (ParsedMail & { envelopeTo: string[] })[] = [];
  const waiters: (() => void)[] = [];
  const logins: { username: string; password: string | undefined; secure: boolean }[] = [];
  const disabled = [...(opts.starttls ? [] : ['STARTTLS']), ...(opts.password ? [] : ['AUTH'])];
  const server = new SMTPServer({
    disabledCommands: disabled,
    authOptional: !opts.password,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 500,
    onAuth(auth, session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? undefined, secure: session.secure });
      if (auth.username === opts.username && auth.password === opts.password)
        return callback(null, { user: auth.username });
      const err = new Error('Invalid username or password') as Error & { responseCode: number };
      err.responseCode = 535;
      return callback(err);
    },
    onRcptTo(address, _session, callback) {
      if (!opts.refuseRecipients) return callback();
      const err = new Error(`Mailbox ${address.address} unavailable`) as Error & { responseCode: number };
      err.responseCode = 550;
      return callback(err);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    /** Waits until `count` mails have arrived (at most 10 s). */
    async waitFor(count: number) {
      const deadline = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail settings that send through a test SMTP server on loopback, with any field changed. */
export const mailSettingsFor = (port: number, over: Partial<MailConfigInput> | Record<string, unknown> = {}) => ({
  cronjobMail: '0 8 * * *',
  serviceMail: '',
  usernameMail: '',
  passwordMail: '',
  hostMail: '127.0.0.1',
  portMail: port,
  fromMail: 'console@it4u.test',
  ccMail: [] as string[],
  subjectMail: '',
  textMail: '',
  languageMail: 'English',
  maxMessages: 100,
  rateDelta: 1000,
  rateLimit: 0,
  ...over,
});
