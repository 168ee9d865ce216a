import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import { outbox } from '../db/schema.js';

export type Mail = { to: string; subject: string; text: string /** logged when there is no SMTP server */; link?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** With SMTP_URL, mail goes out through it; without, it lands in the outbox table and its link in the log. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Db; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
      close: () => transport.close(),
    };
  }
  return {
    send: async (mail) => {
      await opts.db.insert(outbox).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text });
      opts.logger.info({ to: mail.to, subject: mail.subject, link: mail.link }, 'mail stored in outbox (no SMTP_URL)');
    },
    close: () => {},
  };
}
