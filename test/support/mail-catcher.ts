// A real SMTP server on loopback that keeps what it receives, for tests of mail the server sends.
// Its built-in TLS certificate has expired, so STARTTLS is off and the sender uses ignoreTLS.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** Headers and body, with quoted-printable soft line breaks and escapes undone. */
  raw: string;
}

export interface MailCatcher {
  /** SMTP_URL for the server under test. */
  smtpUrl: string;
  mails: CaughtMail[];
  /** The next mail to arrive (or one that arrived since the last call). */
  nextMail(timeoutMs?: number): Promise<CaughtMail>;
  /** The latest mail to `address` whose text matches `pattern`, waiting for it to arrive. */
  mailTo(address: string, pattern: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let delivered = 0;
  const waiters: ((mail: CaughtMail) => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        mails.push(mail);
        const waiter = waiters.shift();
        if (waiter) {
          delivered++;
          waiter(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    mails,
    nextMail(timeoutMs = 10_000) {
      if (delivered < mails.length) return Promise.resolve(mails[delivered++]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    async mailTo(address, pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.findLast((m) => m.to.includes(address) && pattern.test(m.raw));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first password reset link in a mail. */
export function resetLinkOf(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.raw)?.[0];
  if (!link) throw new Error(`no reset link in mail:\n${mail.raw}`);
  return link;
}

/** The e-mail verification link in a mail (sent after registration or on request). */
export function verifyLinkOf(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.raw)?.[0];
  if (!link) throw new Error(`no verification link in mail:\n${mail.raw}`);
  return link;
}
