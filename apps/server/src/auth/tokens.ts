import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type TRole } from '@counterprint/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { unauthorized } from '../http/errors.js';

export type AccessClaims = { sub: string; email: string; roles: TRole[]; exp: number; iat: number };

export const tokenExpired = () => unauthorized('JWT expired', 'TOKEN_EXPIRED');

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

  async signAccess(user: { id: string; email: string; roles: TRole[] }): Promise<{ token: string; exp: number }> {
    const iat = this.nowSeconds();
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ email: user.email, roles: user.roles, typ: 'access' })
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
    return payload as unknown as AccessClaims;
  }

  async signOnboarding(email: string): Promise<string> {
    const iat = this.nowSeconds();
    return new SignJWT({ email, typ: 'onboarding' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ONBOARDING_TTL_SECONDS)
      .sign(this.key);
  }

  /** Returns the email the onboarding token was issued for. */
  async verifyOnboarding(token: string): Promise<string> {
    const payload = await this.verify(token, 'onboarding');
    if (typeof payload.email !== 'string') throw unauthorized();
    return payload.email;
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
