import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TChangePasswordRequest } from '@counterprint/contract';
import { hashPassword } from '../../auth/passwords.js';
import type { TokenVersions } from '../../auth/token-versions.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
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
    await repo.replaceResetCode(db, user.id, this.codeHash(user.id, code), new Date(now.getTime() + CODE_TTL_MS), now);
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
    const reset = await repo.pendingReset(db, user.id, now);
    if (!reset) throw invalidCode();
    // The try is counted before the comparison, so parallel guesses cannot pass the limit.
    if (!(await repo.countResetTry(db, reset.id, MAX_TRIES))) throw invalidCode();
    const expected = Buffer.from(reset.codeHash, 'hex');
    const given = Buffer.from(this.codeHash(user.id, input.otp), 'hex');
    if (!timingSafeEqual(expected, given)) throw invalidCode();
    const passwordHash = await hashPassword(input.password);
    // Every session of the account ends with the old password: refresh tokens, access and onboarding tokens.
    const version = await repo.completeReset(db, { id: reset.id, userId: user.id }, passwordHash, now, (tx, id) =>
      this.d.versions.bumpIn(tx, id),
    );
    if (version === undefined) throw invalidCode();
    await this.d.versions.bumped(user.id, version);
  }
}
