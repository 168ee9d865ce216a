import type { TRole } from '@counterprint/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { ownerOfShop } from '../features/shops/repo.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { DEVICE_ROUTE_PREFIX, PUBLIC_ROUTES, routeId } from '../http/public-routes.js';
import { isDeviceToken } from './device-tokens.js';
import type { TokenVersions } from './token-versions.js';
import { type TokenService, tokenRevoked } from './tokens.js';

export type AuthUser = { id: string; email: string; roles: TRole[]; exp: number };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Every /api route outside PUBLIC_ROUTES gets `requireUser` before its body is read,
 * so an unauthenticated upload is refused before a byte is streamed.
 */
export function installAuth(app: FastifyInstance, tokens: TokenService, versions: TokenVersions): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    // A print agent's token is no user's: its routes check it themselves.
    if (!token || isDeviceToken(token)) return;
    try {
      const claims = await tokens.verifyAccess(token);
      // Logout, a password change or reset raised the user's version: older tokens are dead.
      if (!(await versions.isCurrent(claims.sub, claims.ver))) throw tokenRevoked();
      req.user = { id: claims.sub, email: claims.email, roles: claims.roles, exp: claims.exp };
    } catch (err) {
      // Public routes ignore a bad token; guarded ones report why it was refused.
      (req as FastifyRequest & { authError?: unknown }).authError = err;
    }
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DEVICE_ROUTE_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A HEAD route (Fastify adds one per GET) is public exactly when its GET is, or when listed itself (tus's HEAD).
    if (methods.every((m) => PUBLIC_ROUTES.has(routeId(m, route.url)) || (m === 'HEAD' && PUBLIC_ROUTES.has(routeId('GET', route.url)))))
      return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [requireUser, ...existing];
  });
}

export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (req.user) return;
  const authError = (req as FastifyRequest & { authError?: unknown }).authError;
  throw authError ?? unauthorized();
}

export function requireRole(role: TRole) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!req.user) throw unauthorized();
    if (!req.user.roles.includes(role)) throw forbidden();
  };
}

export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The signed-in user must own the shop; a missing shop answers the same 403 so ids reveal nothing. */
export async function requireShopAccess(db: Db, user: AuthUser, shopId: string): Promise<void> {
  if ((await ownerOfShop(db, shopId)) !== user.id) throw forbidden('You do not have access to this shop', 'SHOP_FORBIDDEN');
}
