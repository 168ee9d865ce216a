import { EMAIL_PATTERN, PASSWORD_PATTERN } from '@counterprint/contract';
import { ApiError } from '../../api/client';

/** docs/product/screens.md#sign-in-and-sign-up: non-space text, @, text, dot, text (the contract's pattern, shared with the server). */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** docs/product/rules.md#passwords: at least 8 characters with a letter and a digit (server and client agree). */
export function isStrongPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

export function signupErrors(v: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!v.name.trim()) errors.name = 'Required';
  if (!v.email.trim()) errors.email = 'Required';
  else if (!isEmail(v.email)) errors.email = 'Invalid email';
  if (!v.password) errors.password = 'Required';
  else if (!isStrongPassword(v.password)) errors.password = 'Min 8 chars, include number';
  if (!v.confirm) errors.confirm = 'Required';
  else if (v.confirm !== v.password) errors.confirm = 'Passwords must match';
  return errors;
}

export function forgotEmailError(email: string): string | null {
  if (!email.trim()) return 'Email is required';
  if (!isEmail(email)) return 'Please enter a valid email address';
  return null;
}

export interface ResetValues {
  password: string;
  confirm: string;
}

export function resetErrors(v: ResetValues): Partial<Record<keyof ResetValues, string>> {
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  if (!v.password) errors.password = 'Password is required';
  else if (!isStrongPassword(v.password)) errors.password = 'Must be 8+ characters with letter and number';
  if (!v.confirm) errors.confirm = 'Please confirm your password';
  else if (v.confirm !== v.password) errors.confirm = 'Passwords do not match';
  return errors;
}

/** docs/product/screens.md#password-reset: the message for each way the reset-mail call can fail. */
export function forgotFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.noResponse) return 'Network error. Please check your connection and try again.';
  if (error.status === 404) return 'No account found with this email address';
  if (error.status === 429) return 'Too many attempts. Please try again in a few minutes.';
  return error.serverMessage ?? 'Failed to send reset link. Please try again.';
}
