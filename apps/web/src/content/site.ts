import type { IconName } from '../components/Icon';

/** Public navigation and footer (docs/product/screens.md#public-navigation). */

/** An icon card of the marketing pages (CardGrid). */
export interface CardItem {
  icon: IconName;
  title: string;
  text: string;
}

export interface SiteLink {
  to: string;
  label: string;
}

/** The spec's public navigation, in its order; the spec's own spelling of /public/reveiw is kept. */
export const PUBLIC_NAV: SiteLink[] = [
  { to: '/public/home', label: 'Home' },
  { to: '/public/feature', label: 'Features' },
  { to: '/public/how', label: 'How it works' },
  { to: '/public/reveiw', label: 'Reviews' },
  { to: '/public/price', label: 'Pricing' },
  { to: '/public/contact', label: 'Contact' },
];

export const SIGNED_OUT_ACTIONS = {
  login: { to: '/login', label: 'Login' },
  signup: { to: '/signup', label: 'Signup' },
} as const;

/**
 * docs/product/screens.md#public-navigation: with a stored token the navigation offers the dashboard and the account instead.
 * `/` opens the account's own workspace; /shop-dashboard bounced an account without a shop.
 */
export const SIGNED_IN_ACTIONS = {
  dashboard: { to: '/', label: 'Dashboard' },
  account: { to: '/settings', label: 'My Account' },
} as const;

/** The footer links the spec's security page lists: features, pricing, testimonials, help, contact, setup, privacy, terms, security. */
export const FOOTER_GROUPS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/public/features', label: 'Features' },
      { to: '/public/pricing', label: 'Pricing' },
      { to: '/public/testimonials', label: 'Reviews' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/public/help', label: 'Help centre' },
      { to: '/public/setup', label: 'Setup guide' },
      { to: '/public/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Trust',
    links: [
      { to: '/public/security', label: 'Security' },
      { to: '/public/privacy', label: 'Privacy policy' },
      { to: '/public/terms', label: 'Terms of service' },
    ],
  },
];

export const SITE = {
  name: 'Counterprint',
  tagline: 'Customers scan your counter’s QR code and send files from their phone. You print from a live queue.',
  copyright: (year: number) => `© ${year} Counterprint. Made for print shops in India.`,
};
