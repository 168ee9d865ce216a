import {
  ZChangePasswordRequest,
  ZLogoutRequest,
  ZMe,
  ZMessage,
  ZOk,
  ZRefreshRequest,
  ZRefreshResponse,
  ZResetSendRequest,
  ZSigninRequest,
  ZSigninResponse,
  ZSignupRequest,
  ZSignupResponse,
  ZUpdateAccountRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken, currentUser } from '../../auth/guards.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { readMultipartFields } from '../../http/multipart-fields.js';
import { type RateLimiter, MINUTE } from '../../limits/rate-limiter.js';
import type { PasswordResetService } from './password-reset.js';
import type { AccountsService } from './service.js';

export type AccountsRouteDeps = { accounts: AccountsService; resets: PasswordResetService; limiter: RateLimiter };

export async function accountsRoutes(app: FastifyInstance, { accounts, resets, limiter }: AccountsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/signup', { schema: { body: ZSignupRequest, response: { 201: ZSignupResponse } } }, async (req, reply) => {
    await limiter.hit({ key: `signup:ip:${req.ip}`, max: 20, windowMs: 60 * MINUTE });
    return reply.status(201).send(await accounts.signup(req.body));
  });

  r.post('/api/auth/signin', { schema: { body: ZSigninRequest, response: { 200: ZSigninResponse } } }, async (req, reply) => {
    await limiter.hit(
      { key: `signin:pair:${req.ip}:${req.body.email}`, max: 10, windowMs: MINUTE },
      { key: `signin:ip:${req.ip}`, max: 60, windowMs: MINUTE },
    );
    const session = await accounts.signin(req.body.email, req.body.password);
    reply.header('authorization', `Bearer ${session.accessToken}`);
    return session.body;
  });

  r.post(
    '/api/auth/refresh-token',
    { schema: { body: ZRefreshRequest, response: { 200: ZRefreshResponse } } },
    async (req, reply) => {
      const refreshToken = req.body?.refreshToken;
      if (refreshToken) {
        const session = await accounts.refresh(refreshToken);
        reply.header('authorization', `Bearer ${session.accessToken}`);
        return { token: session.accessToken, refreshToken: session.body.refreshToken };
      }
      // No refresh token: only a still-valid bearer may renew itself; an expired one must not mint a new one.
      if (!req.user) {
        if (bearerToken(req.headers.authorization)) throw (req as { authError?: unknown }).authError ?? unauthorized();
        throw badRequest('refreshToken is required');
      }
      const token = await accounts.renewAccess(req.user.id);
      reply.header('authorization', `Bearer ${token}`);
      return { token };
    },
  );

  r.post('/api/auth/logout', { schema: { body: ZLogoutRequest, response: { 200: ZOk } } }, async (req) => {
    if (req.body?.refreshToken) await accounts.logout(req.body.refreshToken);
    return { ok: true as const };
  });

  r.post(
    '/api/auth/verify-email',
    { schema: { body: ZVerifyEmailRequest, response: { 200: ZVerifyEmailResponse } } },
    async (req) => ({ ...(await accounts.verifyEmail(req.body.token)), verified: true as const }),
  );

  r.get('/api/auth/me', { schema: { response: { 200: ZMe } } }, async (req) => accounts.me(currentUser(req).id));

  r.put('/api/auth/me', { schema: { body: ZUpdateAccountRequest, response: { 200: ZMe } } }, async (req) =>
    accounts.updateMe(currentUser(req).id, req.body),
  );

  r.post(
    '/api/reset-password-send-email',
    { schema: { body: ZResetSendRequest, response: { 200: ZMessage } } },
    async (req) => {
      await limiter.hit(
        { key: `reset:email:${req.body.email}`, max: 5, windowMs: 15 * MINUTE },
        { key: `reset:ip:${req.ip}`, max: 5, windowMs: 15 * MINUTE },
      );
      await resets.sendCode(req.body.email);
      return { message: 'A reset link has been sent to your email address.' };
    },
  );

  r.post('/api/forgotPassword/changePassword', { schema: { response: { 200: ZMessage } } }, async (req) => {
    const fields = await readMultipartFields(req);
    const parsed = ZChangePasswordRequest.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
    await limiter.hit(
      { key: `change:email:${parsed.data.email}`, max: 5, windowMs: 15 * MINUTE },
      { key: `change:ip:${req.ip}`, max: 5, windowMs: 15 * MINUTE },
    );
    await resets.changePassword(parsed.data);
    return { message: 'Your password has been changed. You can now sign in.' };
  });
}
