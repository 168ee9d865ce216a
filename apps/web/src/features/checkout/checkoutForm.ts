import { EMAIL_PATTERN } from '@counterprint/contract';
import { CHECKOUT_PAGE } from '../../content/checkout';

export interface UpgradeValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export function upgradeErrors(v: UpgradeValues): Partial<Record<keyof UpgradeValues, string>> {
  const errors: Partial<Record<keyof UpgradeValues, string>> = {};
  if (!v.name.trim()) errors.name = CHECKOUT_PAGE.nameRequired;
  if (!v.email.trim()) errors.email = CHECKOUT_PAGE.emailRequired;
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = CHECKOUT_PAGE.emailInvalid;
  return errors;
}

/** Where a signed-out visitor goes first; sign-up and login bring them back through `next`. */
export function signupFirstUrl(returnTo: string): string {
  return `/signup?next=${encodeURIComponent(returnTo)}`;
}
