import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type TRole } from '@counterprint/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { unauthorized } from '../http/errors.js';

/** `ver`: the user's token version when the token was signed (absent in tokens signed before versions: 0). */
export type AccessClaims = { sub: string; email: string; roles: TRole[]; exp: number; iat: number; ver: number };

export const tokenExpired = () => unauthorized('JWT expired', 'TOKEN_EXPIRED');
/** "JWT" in the message: the web client answers it with one refresh, as for an expired token. */
export const tokenRevoked = () => unauthorized('JWT revoked', 'TOKEN_REVOKED');

const readVersion = (ver: unknown): number => {
  if (ver === undefined) return 0;
  if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) throw unauthorized();
  return ver;
};

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

const ONBOARDING_TTL_SECONDS = 24 * 60 * 60;

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  async signAccess(user: { id: string; email: string; roles: TRole[]; tokenVersion?: number }): Promise<{ token: string; exp: number }> {
    const iat = this.nowSeconds();
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ email: user.email, roles: user.roles, typ: 'access', ver: user.tokenVersion ?? 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, exp };
  }

  /** Throws 401 'JWT expired' or 'Authentication failed'. Only HS256 is accepted, so `alg: none` is refused. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const payload = await this.verify(token, 'access');
    const roles = payload.roles;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      !Array.isArray(roles) ||
      !roles.every((r) => typeof r === 'string' && (ROLES as readonly string[]).includes(r))
    ) {
      throw unauthorized();
    }
    return { ...(payload as unknown as AccessClaims), ver: readVersion(payload.ver) };
  }

  async signOnboarding(user: { email: string; tokenVersion: number }): Promise<string> {
    const iat = this.nowSeconds();
    return new SignJWT({ email: user.email, typ: 'onboarding', ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ONBOARDING_TTL_SECONDS)
      .sign(this.key);
  }

  /** Returns the email the onboarding token was issued for, and the token version it was issued under. */
  async verifyOnboarding(token: string): Promise<{ email: string; ver: number }> {
    const payload = await this.verify(token, 'onboarding');
    if (typeof payload.email !== 'string') throw unauthorized();
    return { email: payload.email, ver: readVersion(payload.ver) };
  }

  private async verify(token: string, typ: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.typ !== typ) throw unauthorized();
      return payload;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw tokenExpired();
      throw unauthorized();
    }
  }
}
