import { z } from 'zod';

export const ZErrorBody = z.object({ error: z.string(), code: z.string() });
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ROLES = ['OWNER', 'SHOP_OWNER', 'ROLE_USER'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
} as const;

/** docs/product/screens.md#sign-in-and-sign-up: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** docs/product/rules.md#passwords: at least 8 characters with a letter and a digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

export const ZEmail = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, `email must be at most ${LIMITS.emailMax} characters`)
  .regex(EMAIL_PATTERN, 'email must be a valid email address');

export const ZPassword = z
  .string({ error: 'password is required' })
  .max(LIMITS.passwordMax, `password must be at most ${LIMITS.passwordMax} characters`)
  .regex(PASSWORD_PATTERN, 'password must be at least 8 characters with a letter and a digit');

export const ZPersonName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(LIMITS.nameMax, `name must be at most ${LIMITS.nameMax} characters`);

export const ZOk = z.object({ ok: z.literal(true) });
