import { z } from 'zod';
import { ZEmail, ZPassword, ZPersonName, ZRole } from './common.js';

export const ZSignupRequest = z.object({ name: ZPersonName, email: ZEmail, password: ZPassword });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZSignupResponse = z.object({
  id: z.string(),
  email: z.string(),
  /** Proof of the account for shop onboarding before the first sign-in (24 h). */
  onboardingToken: z.string(),
});
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

export const ZSigninRequest = z.object({
  email: ZEmail,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128, 'password must be at most 128 characters'),
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

export const ZShopRef = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type TShopRef = z.infer<typeof ZShopRef>;

export const ZSigninResponse = z.object({
  refreshToken: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(ZRole),
  shopName: z.string().nullable(),
  shops: z.array(ZShopRef),
});
export type TSigninResponse = z.infer<typeof ZSigninResponse>;

export const ZRefreshRequest = z.object({ refreshToken: z.string().min(1).max(200).optional() }).nullish();
export const ZRefreshResponse = z.object({ token: z.string(), refreshToken: z.string().optional() });
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

/** The refresh token comes in the body (spec clients) or the refresh cookie (the web app); `everywhere` also ends every other sign-in. */
export const ZLogoutRequest = z.object({ refreshToken: z.string().max(200).optional(), everywhere: z.boolean().optional() }).nullish();

export const ZVerifyEmailRequest = z.object({ token: z.string().min(1, 'token is required').max(200) });
export const ZVerifyEmailResponse = z.object({ email: z.string(), verified: z.literal(true) });

export const ZResetSendRequest = z.object({ email: ZEmail });
export const ZMessage = z.object({ message: z.string() });

/** Multipart fields of POST /api/forgotPassword/changePassword. */
export const ZChangePasswordRequest = z.object({
  email: ZEmail,
  otp: z.string({ error: 'otp is required' }).regex(/^\d{6}$/, 'otp must be 6 digits'),
  password: ZPassword,
  repeatPassword: z.string({ error: 'repeatPassword is required' }).max(128),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZMe = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  roles: z.array(ZRole),
  shops: z.array(ZShopRef),
});
export type TMe = z.infer<typeof ZMe>;

export const ZUpdateAccountRequest = z.object({
  name: ZPersonName.optional(),
  currentPassword: z.string().max(128).optional(),
  newPassword: ZPassword.optional(),
});
