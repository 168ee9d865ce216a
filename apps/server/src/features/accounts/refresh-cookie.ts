import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's refresh token lives in this cookie, out of reach of script (docs/decisions/012).
 * Path: only the auth routes (refresh, logout, sign-in) ever receive it.
 */
export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

export type RefreshCookieOptions = { publicBaseUrl: string };

/** Secure when the request came over TLS (behind a proxy: TRUST_PROXY) or the public address is https. */
const secure = (req: FastifyRequest, opts: RefreshCookieOptions) => req.protocol === 'https' || opts.publicBaseUrl.startsWith('https:');

export function setRefreshCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: RefreshCookieOptions,
  token: string,
  maxAge: number,
): void {
  reply.setCookie(REFRESH_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secure(req, opts), maxAge });
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply, opts: RefreshCookieOptions): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secure(req, opts) });
}

export const refreshCookie = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE] || undefined;
