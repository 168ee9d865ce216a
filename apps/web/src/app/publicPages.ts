/**
 * Every /public page the site links to or prints, the misspelt aliases included. The links test renders
 * each; the e2e run visits each (and a few more addresses) in a real browser.
 */
export const PUBLIC_PAGES = [
  '/public/home',
  '/public/contact',
  '/public/privacy',
  '/public/terms',
  '/public/security',
  '/public/how',
  '/public/reveiw',
  '/public/review',
  '/public/testimonials',
  '/public/feature',
  '/public/features',
  '/public/price',
  '/public/pricing',
  '/public/help',
  '/public/setup',
];
