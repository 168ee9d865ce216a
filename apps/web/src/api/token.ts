import { ROLES, type TRole } from '@counterprint/contract';

export interface TokenClaims {
  exp?: number;
  sub?: string;
  email?: string;
  roles?: unknown;
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's claims without verifying it (the server does that). Anything malformed is null. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The roles claim holds strings or `{authority}` objects (docs/product/rules.md#roles); unknown roles are ignored. */
export function rolesOf(claims: TokenClaims | null): TRole[] {
  if (!claims || !Array.isArray(claims.roles)) return [];
  const names = claims.roles.map((r: unknown) =>
    typeof r === 'string' ? r : r && typeof r === 'object' && 'authority' in r ? String(r.authority) : '',
  );
  return ROLES.filter((role) => names.includes(role));
}

/** Seconds until expiry; a token without `exp` is treated as already expired. */
export function secondsLeft(claims: TokenClaims, nowMs = Date.now()): number {
  return typeof claims.exp === 'number' ? claims.exp - nowMs / 1000 : Number.NEGATIVE_INFINITY;
}

/** Takes the token out of an `Authorization: Bearer …` header value. */
export function bearerFrom(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}
