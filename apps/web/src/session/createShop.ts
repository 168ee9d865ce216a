import type { SiteLink } from '../content/site';
import { useAuth } from './auth';

/** Onboarding runs for the signed-in account with its bearer token (OnboardingShopPage). */
export const CREATE_SHOP = { to: '/onboarding/shop', label: 'Create your shop' } as const;

/**
 * Signed in without a shop: an owner who chose "Later" after sign-up holds ROLE_USER only, and
 * every signed-in page must offer the way to onboarding ("What a newcomer found").
 * Owning a shop is what adds SHOP_OWNER to the token.
 */
export function useNeedsShop(): boolean {
  const { signedIn, roles } = useAuth();
  return signedIn && !roles.includes('SHOP_OWNER');
}

/** `/` sends a signed-in account to its own workspace (HomeRedirect). */
export const MY_DASHBOARD = { to: '/', label: 'Go to my dashboard' } as const;

/**
 * Marketing links to sign-up make no sense to someone signed in: "Create your shop" must not ask
 * for a second account. They lead to onboarding, or to the dashboard once a shop exists.
 */
export function useVisitorLink(link: SiteLink): SiteLink {
  const { signedIn } = useAuth();
  const needsShop = useNeedsShop();
  if (!signedIn || !link.to.startsWith('/signup')) return link;
  return needsShop ? CREATE_SHOP : MY_DASHBOARD;
}
