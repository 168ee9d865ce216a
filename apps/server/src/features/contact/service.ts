import type { TContactMessage, ZContactRequest } from '@counterprint/contract';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import type { Mailer } from '../../mail/mailer.js';
import * as repo from './repo.js';

export type ContactDeps = { db: Db; clock: Clock; mailer: Mailer; contactInbox: string | undefined; logger: Pick<Logger, 'warn'> };

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ');

/** The public contact form: every message is stored; with CONTACT_INBOX set it is also mailed there. */
export class ContactService {
  private pending = new Set<Promise<void>>();

  constructor(private readonly d: ContactDeps) {}

  async submit(input: z.output<typeof ZContactRequest>): Promise<void> {
    const row = await repo.insertMessage(this.d.db, { ...input, createdAt: this.d.clock.now() });
    if (!this.d.contactInbox) return;
    // Mailed after the answer: a slow SMTP server must not make the visitor's 10 s form time out (and resend).
    const sending = this.mail(this.d.contactInbox, row).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves once every mail started so far has been sent or has failed (tests and shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  list(): Promise<TContactMessage[]> {
    return repo.listMessages(this.d.db);
  }

  private async mail(to: string, m: repo.ContactRow): Promise<void> {
    try {
      await this.d.mailer.send({
        to,
        subject: `Contact form: ${oneLine(m.subject)}`,
        text: [
          `From: ${m.name} <${m.email}>`,
          `Company: ${m.company ?? '—'}`,
          `Phone: ${m.phone ?? '—'}`,
          `Subject: ${m.subject}`,
          '',
          m.message,
          '',
          `Reply to ${m.email}. Message id ${m.id}.`,
        ].join('\n'),
      });
      await repo.markMailed(this.d.db, m.id, this.d.clock.now());
    } catch (err) {
      this.d.logger.warn({ err: String(err), contactMessageId: m.id }, 'contact message stored but not mailed');
    }
  }
}
