import { randomUUID } from 'node:crypto';
import type { TMe, TRole, TSigninResponse, TSignupRequest, TSignupResponse } from '@counterprint/contract';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { TokenVersions } from '../../auth/token-versions.js';
import { randomToken, sha256Hex, type TokenService } from '../../auth/tokens.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import * as repo from './repo.js';

const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type AccountsDeps = {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  publicBaseUrl: string;
  ownerEmails: string[];
  versions: TokenVersions;
  /** A sign-in's refresh-token family ends this long after the sign-in, however often it is rotated. */
  sessionMaxAgeMs: number;
  /** After a logout: what else belongs to a signed-in user goes too (a device's push subscriptions). */
  onLoggedOut?: (userId: string) => Promise<void>;
};

/** `body.refreshToken` also goes into the refresh cookie, which lives `refreshMaxAgeSeconds`. */
export type Session = { accessToken: string; refreshMaxAgeSeconds: number; body: TSigninResponse };

export class AccountsService {
  constructor(private readonly d: AccountsDeps) {}

  async signup(input: TSignupRequest): Promise<TSignupResponse> {
    const { db } = this.d;
    if (await repo.findUserByEmail(db, input.email)) {
      throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    }
    const passwordHash = await hashPassword(input.password);
    const verifyToken = randomToken();
    const user = await repo.createUser(
      db,
      { email: input.email, name: input.name, passwordHash },
      { tokenHash: sha256Hex(verifyToken), expiresAt: new Date(this.d.clock.now().getTime() + VERIFY_TTL_MS) },
    );
    if (!user) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    const link = `${this.d.publicBaseUrl}/verify-email/${verifyToken}`;
    await this.d.mailer.send({
      to: user.email,
      subject: 'Confirm your Counterprint account',
      // No part of the sign-up form but the address goes into the mail: anyone may sign up any address.
      text: `Hello,\n\nConfirm your email address by opening this link:\n${link}\n\nIf you did not sign up, ignore this message.`,
      link,
    });
    return { id: user.id, email: user.email, onboardingToken: await this.d.tokens.signOnboarding(user) };
  }

  async signin(email: string, password: string): Promise<Session> {
    const user = await repo.findUserByEmail(this.d.db, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw unauthorized('Bad credentials', 'BAD_CREDENTIALS');
    return this.session(user, await this.issueRefreshToken(user.id, randomUUID(), this.d.clock.now()));
  }

  /** Rotates a refresh token. Presenting one that was already rotated or revoked revokes its whole family. */
  async refresh(refreshToken: string): Promise<Session> {
    const { db, clock } = this.d;
    const now = clock.now();
    const row = await repo.findRefreshToken(db, sha256Hex(refreshToken));
    if (!row) throw unauthorized();
    if (row.rotatedAt || row.revokedAt) {
      await repo.revokeFamily(db, row.familyId, now);
      throw unauthorized('Authentication failed', 'REFRESH_TOKEN_REUSED');
    }
    if (row.familyStartedAt.getTime() + this.d.sessionMaxAgeMs <= now.getTime()) {
      await repo.revokeFamily(db, row.familyId, now);
      throw unauthorized('Session expired, sign in again', 'SESSION_TOO_OLD');
    }
    if (row.expiresAt <= now) throw unauthorized('Refresh token expired', 'REFRESH_TOKEN_EXPIRED');
    if (!(await repo.markRotated(db, row.id, now))) {
      await repo.revokeFamily(db, row.familyId, now);
      throw unauthorized('Authentication failed', 'REFRESH_TOKEN_REUSED');
    }
    const user = await repo.findUserById(db, row.userId);
    if (!user) throw unauthorized();
    return this.session(user, await this.issueRefreshToken(user.id, row.familyId, row.familyStartedAt));
  }

  /**
   * Ends the sign-in that `refreshToken` belongs to (or, with only a bearer, the caller's) and every
   * access token of the user: a stolen one dies with it. Other devices renew through their own refresh
   * tokens, unless `everywhere` revokes those too.
   *
   * Only a live refresh token speaks for a sign-in: a rotated, revoked or expired one (a leaked old copy)
   * touches nobody's sessions. `everywhere` also needs the same user's bearer, so a refresh token alone,
   * which a thief may hold, cannot sign its owner out of every device.
   */
  async logout(input: { refreshToken?: string | undefined; userId?: string | undefined; everywhere: boolean }): Promise<void> {
    const { db, clock, versions } = this.d;
    const now = clock.now();
    const row = input.refreshToken ? await repo.findRefreshToken(db, sha256Hex(input.refreshToken)) : undefined;
    if (input.refreshToken && !(row && this.isLive(row, now))) return;
    if (input.everywhere) {
      if (!row || row.userId !== input.userId) {
        throw unauthorized("Logging out everywhere needs this session's refresh token and its access token", 'LOGOUT_EVERYWHERE_UNPROVEN');
      }
      await repo.revokeAllOfUser(db, row.userId, now);
    } else if (row) await repo.revokeFamily(db, row.familyId, now);
    const userId = row?.userId ?? input.userId;
    if (!userId) return;
    await versions.bump(userId);
    await this.d.onLoggedOut?.(userId);
  }

  private isLive(row: repo.RefreshTokenRow, now: Date): boolean {
    if (row.rotatedAt || row.revokedAt || row.expiresAt <= now) return false;
    return row.familyStartedAt.getTime() + this.d.sessionMaxAgeMs > now.getTime();
  }

  async verifyEmail(token: string): Promise<{ email: string }> {
    const { db, clock } = this.d;
    const now = clock.now();
    const userId = await repo.useEmailVerification(db, sha256Hex(token), now);
    if (!userId) throw new HttpError(400, 'VERIFY_TOKEN_INVALID', 'This verification link is invalid or has expired');
    const user = await repo.markEmailVerified(db, userId, now);
    if (!user) throw notFound('Account not found');
    if (this.d.ownerEmails.includes(user.email)) await repo.grantRole(db, user.id, 'OWNER');
    return { email: user.email };
  }

  async me(userId: string): Promise<TMe> {
    const user = await repo.findUserById(this.d.db, userId);
    if (!user) throw unauthorized();
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      roles: await repo.rolesOf(this.d.db, user.id),
      shops: await repo.shopsOf(this.d.db, user.id),
    };
  }

  /**
   * A password change ends every other session (refresh tokens, access and onboarding tokens, live
   * updates); the caller's goes on with the new sign-in answered in `session`.
   */
  async updateMe(
    userId: string,
    input: { name?: string; currentPassword?: string; newPassword?: string },
  ): Promise<{ me: TMe; session?: Session }> {
    const { db, clock, versions } = this.d;
    const user = await repo.findUserById(db, userId);
    if (!user) throw unauthorized();
    let session: Session | undefined;
    if (input.newPassword !== undefined) {
      if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw badRequest('currentPassword is incorrect', 'BAD_CURRENT_PASSWORD');
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const version = await repo.setPassword(db, userId, passwordHash, now, (tx, id) => versions.bumpIn(tx, id));
      await versions.bumped(userId, version);
      const refreshToken = await this.issueRefreshToken(userId, randomUUID(), now);
      session = await this.session({ ...user, tokenVersion: version }, refreshToken);
    }
    if (input.name !== undefined) await repo.renameUser(db, userId, input.name);
    return { me: await this.me(userId), ...(session ? { session } : {}) };
  }

  private async issueRefreshToken(userId: string, familyId: string, familyStartedAt: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const { clock, sessionMaxAgeMs } = this.d;
    const expiresAt = new Date(Math.min(clock.now().getTime() + REFRESH_TTL_MS, familyStartedAt.getTime() + sessionMaxAgeMs));
    await repo.insertRefreshToken(this.d.db, { userId, familyId, familyStartedAt, tokenHash: sha256Hex(token), expiresAt });
    return { token, expiresAt };
  }

  private async session(user: repo.UserRow, refresh: { token: string; expiresAt: Date }): Promise<Session> {
    const roles: TRole[] = await repo.rolesOf(this.d.db, user.id);
    const shops = await repo.shopsOf(this.d.db, user.id);
    const { token } = await this.d.tokens.signAccess({ id: user.id, email: user.email, roles, tokenVersion: user.tokenVersion });
    const refreshToken = refresh.token;
    return {
      accessToken: token,
      refreshMaxAgeSeconds: Math.max(0, Math.floor((refresh.expiresAt.getTime() - this.d.clock.now().getTime()) / 1000)),
      body: {
        refreshToken,
        id: user.id,
        name: user.name,
        email: user.email,
        roles,
        shopName: shops[0]?.name ?? null,
        shops,
      },
    };
  }
}
