import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends mail through SMTP_URL (e.g. smtps://user:pass@smtp.example.com, or
 * smtp://127.0.0.1:2525/?ignoreTLS=true for a local catcher). Without SMTP_URL, in development,
 * the mail is written to the server log instead, so a reset link can still be followed.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, `mail not sent (no SMTP_URL):\n${mail.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
