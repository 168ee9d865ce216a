import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TChangePasswordRequest } from '@counterprint/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { TokenVersions } from '../../auth/token-versions.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { passwordResets, users } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import * as repo from './repo.js';

const CODE_TTL_MS = 15 * 60 * 1000;
const MAX_TRIES = 5;

export type PasswordResetDeps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicBaseUrl: string;
  secret: string;
  versions: TokenVersions;
};

const invalidCode = () => badRequest('The code is invalid or has expired. Request a new one.', 'RESET_CODE_INVALID');

export class PasswordResetService {
  constructor(private readonly d: PasswordResetDeps) {}

  /** A 6-digit code is short, so it is stored as a keyed hash: a database leak does not reveal it. */
  private codeHash(userId: string, code: string): string {
    return createHmac('sha256', this.d.secret).update(`${userId}:${code}`).digest('hex');
  }

  async sendCode(email: string): Promise<void> {
    const { db, clock } = this.d;
    const user = await repo.findUserByEmail(db, email);
    if (!user) throw notFound('No account found with this email address', 'ACCOUNT_NOT_FOUND');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Only the newest code counts: older ones stop working when a new one is sent.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        userId: user.id,
        codeHash: this.codeHash(user.id, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    });
    const link = `${this.d.publicBaseUrl}/reset-password/${encodeURIComponent(user.email)}/${code}`;
    await this.d.mailer.send({
      to: user.email,
      subject: 'Your Counterprint password reset code',
      text: `Your reset code is ${code}. It works once, for 15 minutes.\n\nOpen this link to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
      link,
    });
  }

  async changePassword(input: TChangePasswordRequest): Promise<void> {
    const { db, clock } = this.d;
    if (input.password !== input.repeatPassword) throw badRequest('Passwords do not match', 'PASSWORD_MISMATCH');
    const user = await repo.findUserByEmail(db, input.email);
    if (!user) throw invalidCode();
    const now = clock.now();
    const pending = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    const reset = pending[0];
    if (!reset) throw invalidCode();
    // Counting the try before comparing, in one statement, stops parallel guesses past the limit.
    const counted = await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.id, reset.id), lt(passwordResets.attempts, MAX_TRIES), isNull(passwordResets.usedAt)))
      .returning({ attempts: passwordResets.attempts });
    if (counted.length === 0) throw invalidCode();
    const expected = Buffer.from(reset.codeHash, 'hex');
    const given = Buffer.from(this.codeHash(user.id, input.otp), 'hex');
    if (!timingSafeEqual(expected, given)) throw invalidCode();
    const passwordHash = await hashPassword(input.password);
    // Every session of the account ends with the old password: refresh tokens, access and onboarding tokens.
    const version = await db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (used.length === 0) throw invalidCode();
      await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
      await repo.revokeAllOfUser(tx as unknown as Db, user.id, now);
      return this.d.versions.bumpIn(tx as unknown as Db, user.id);
    });
    await this.d.versions.bumped(user.id, version);
  }
}
