import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback: the console sends to it; the test reads what it received. `delayMs`: how long it takes
 * to accept each mail (a slow server: a test kills the sender meanwhile).
 */
export async function startSmtp(opts: { delayMs?: number } = {}) {
  const received: { to: string[]; subject: string; text: string; date?: Date }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            date: mail.date,
          });
          setTimeout(callback, opts.delayMs ?? 0);
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Mailer tab's settings for a report every minute to the test's SMTP server (no login, no encryption). */
export const everyMinuteReport = (port: number, subject: string) => ({
  cronjobMail: '* * * * *',
  serviceMail: '',
  usernameMail: 'console@example.test',
  passwordMail: '',
  hostMail: '127.0.0.1',
  portMail: port,
  fromMail: 'console@example.test',
  ccMail: ['noc@example.test'],
  subjectMail: subject,
  textMail: '',
  maxMessages: 100,
  rateDelta: 1000,
  rateLimit: 5,
  allowInsecure: true,
});
