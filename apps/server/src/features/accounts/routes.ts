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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guards.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { readMultipartFields } from '../../http/multipart.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { PasswordResetService } from './password-reset.js';
import { clearRefreshCookie, type RefreshCookieOptions, refreshCookie, setRefreshCookie } from './refresh-cookie.js';
import type { AccountsService, Session } from './service.js';

export type AccountsRouteDeps = {
  accounts: AccountsService;
  resets: PasswordResetService;
  limiter: RateLimiter;
  cookie: RefreshCookieOptions;
};

export async function accountsRoutes(app: FastifyInstance, { accounts, resets, limiter, cookie }: AccountsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answerSession = (req: FastifyRequest, reply: FastifyReply, session: Session) => {
    reply.header('authorization', `Bearer ${session.accessToken}`);
    setRefreshCookie(req, reply, cookie, session.body.refreshToken, session.refreshMaxAgeSeconds);
  };

  r.post('/api/auth/signup', { schema: { body: ZSignupRequest, response: { 201: ZSignupResponse } } }, async (req, reply) => {
    await limiter.hit(...policies.signUp(req.ip));
    return reply.status(201).send(await accounts.signup(req.body));
  });

  r.post('/api/auth/signin', { schema: { body: ZSigninRequest, response: { 200: ZSigninResponse } } }, async (req, reply) => {
    await limiter.hit(...policies.signIn(req.ip, req.body.email));
    const session = await accounts.signin(req.body.email, req.body.password);
    answerSession(req, reply, session);
    return session.body;
  });

  r.post('/api/auth/refresh-token', { schema: { body: ZRefreshRequest, response: { 200: ZRefreshResponse } } }, async (req, reply) => {
    // A bearer alone never renews itself: a stolen access token would live forever (docs/decisions/012).
    const fromBody = req.body?.refreshToken;
    const presented = fromBody ?? refreshCookie(req);
    if (!presented) throw unauthorized('Refresh token required', 'REFRESH_TOKEN_REQUIRED');
    const session = await accounts.refresh(presented);
    answerSession(req, reply, session);
    // The cookie's holder gets no copy script could read; a body client gets its token back the way it came.
    return fromBody ? { token: session.accessToken, refreshToken: session.body.refreshToken } : { token: session.accessToken };
  });

  r.post('/api/auth/logout', { schema: { body: ZLogoutRequest, response: { 200: ZOk } } }, async (req, reply) => {
    await accounts.logout({
      refreshToken: req.body?.refreshToken ?? refreshCookie(req),
      userId: req.user?.id,
      everywhere: req.body?.everywhere === true,
    });
    clearRefreshCookie(req, reply, cookie);
    return { ok: true as const };
  });

  r.post('/api/auth/verify-email', { schema: { body: ZVerifyEmailRequest, response: { 200: ZVerifyEmailResponse } } }, async (req) => ({
    ...(await accounts.verifyEmail(req.body.token)),
    verified: true as const,
  }));

  r.get('/api/auth/me', { schema: { response: { 200: ZMe } } }, async (req) => accounts.me(currentUser(req).id));

  r.put('/api/auth/me', { schema: { body: ZUpdateAccountRequest, response: { 200: ZMe } } }, async (req, reply) => {
    const user = currentUser(req);
    if (req.body.newPassword !== undefined || req.body.currentPassword !== undefined) {
      await limiter.hit(...policies.passwordChange(req.ip, user.email, user.id));
    }
    const { me, session } = await accounts.updateMe(user.id, req.body);
    if (session) answerSession(req, reply, session);
    return me;
  });

  r.post('/api/reset-password-send-email', { schema: { body: ZResetSendRequest, response: { 200: ZMessage } } }, async (req) => {
    await limiter.hit(...policies.passwordReset(req.ip, req.body.email));
    await resets.sendCode(req.body.email);
    return { message: 'A reset link has been sent to your email address.' };
  });

  r.post('/api/forgotPassword/changePassword', { schema: { response: { 200: ZMessage } } }, async (req) => {
    const fields = await readMultipartFields(req);
    const parsed = ZChangePasswordRequest.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
    await limiter.hit(...policies.passwordResetCode(req.ip, parsed.data.email));
    await resets.changePassword(parsed.data);
    return { message: 'Your password has been changed. You can now sign in.' };
  });
}
