import { type Limit, MINUTE } from './rate-limiter.js';

/*
 * Every rate-limit policy of the API, by name: each answers the limits one request counts. Within a policy
 * the broadest limit comes first, so a caller it refuses counts nothing on the later ones (docs/decisions/016).
 */

const HOUR = 60 * MINUTE;

/** Shared by every check of a password, so a second route adds no guesses. */
export const signIn = (ip: string, email: string): Limit[] => [
  { key: `signin:ip:${ip}`, max: 60, windowMs: MINUTE },
  { key: `signin:pair:${ip}:${email}`, max: 10, windowMs: MINUTE },
];

export const signUp = (ip: string): Limit[] => [{ key: `signup:ip:${ip}`, max: 20, windowMs: HOUR }];

/** A signed-in user changing their password: sign-in's limits, then the account's own. */
export const passwordChange = (ip: string, email: string, userId: string): Limit[] => [
  ...signIn(ip, email),
  { key: `password:user:${userId}`, max: 10, windowMs: MINUTE },
];

/** Sending a reset code. */
export const passwordReset = (ip: string, email: string): Limit[] => [
  { key: `reset:ip:${ip}`, max: 5, windowMs: 15 * MINUTE },
  { key: `reset:email:${email}`, max: 5, windowMs: 15 * MINUTE },
];

/** Choosing a new password with a reset code. */
export const passwordResetCode = (ip: string, email: string): Limit[] => [
  { key: `change:ip:${ip}`, max: 5, windowMs: 15 * MINUTE },
  { key: `change:email:${email}`, max: 5, windowMs: 15 * MINUTE },
];

export const onboarding = (ip: string, userId: string): Limit[] => [
  { key: `onboarding:ip:${ip}`, max: 30, windowMs: HOUR },
  { key: `onboarding:user:${userId}`, max: 10, windowMs: HOUR },
];

export const usernameCheck = (userId: string): Limit[] => [{ key: `username-check:${userId}`, max: 60, windowMs: MINUTE }];

/** A customer's uploads to one shop. */
export const upload = (ip: string, shopId: string): Limit[] => [{ key: `upload:${ip}:${shopId}`, max: 120, windowMs: HOUR }];

/** Visits counted on a shop's public page. */
export const shopVisit = (ip: string, shopId: string): Limit[] => [{ key: `visit:${ip}:${shopId}`, max: 30, windowMs: 10 * MINUTE }];

/** Per address, then per account: each entry lands in the platform owner's list. */
export const feedback = (ip: string, userId: string): Limit[] => [
  { key: `feedback:ip:${ip}`, max: 60, windowMs: HOUR },
  { key: `feedback:user:${userId}`, max: 20, windowMs: HOUR },
];

/** Per address, then per account: each request lands in the platform owner's list. */
export const checkout = (ip: string, userId: string): Limit[] => [
  { key: `checkout:ip:${ip}`, max: 30, windowMs: HOUR },
  { key: `checkout:user:${userId}`, max: 5, windowMs: HOUR },
];

/** The public contact form. */
export const contact = (ip: string): Limit[] => [{ key: `contact:${ip}`, max: 5, windowMs: HOUR }];

/** A customer's look at their own job by its token; a guess at 128 random bits gains nothing but a 404. */
export const jobLookup = (ip: string): Limit[] => [{ key: `job-lookup:${ip}`, max: 240, windowMs: MINUTE }];

/** A file begun with tus (issue 21): a job of 50 files is 50 of them, and a phone may retry a few. */
export const resumableFile = (ip: string, shopId: string): Limit[] => [{ key: `resumable:${ip}:${shopId}`, max: 600, windowMs: HOUR }];

/** A pairing code is 8 of 31 characters and lives 10 minutes: a handful of tries an address is all anyone needs. */
export const devicePairing = (ip: string): Limit[] => [{ key: `device-pair:${ip}`, max: 10, windowMs: 10 * MINUTE }];

/**
 * The shop's QR code and posters, both public: a few downloads an address is all an owner needs, and the
 * cap bounds how fast one address makes the server draw the shops it has not drawn yet (docs/decisions/054).
 */
export const qrDrawing = (ip: string): Limit[] => [{ key: `qr:${ip}`, max: 30, windowMs: 10 * MINUTE }];

/**
 * The print agent's Windows download, public and about 36 MB a time: a shop owner needs it once or twice,
 * and the cap bounds how much of the server's bandwidth one address can draw (docs/agent-windows.md).
 */
export const agentDownload = (ip: string): Limit[] => [{ key: `agent-download:${ip}`, max: 10, windowMs: HOUR }];
