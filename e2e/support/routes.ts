/** Every public address the site links to or prints, including the spec's misspelt aliases. */
export const PUBLIC_ROUTES = [
  // The address on every visiting card; it once answered 403.
  '/',
  '/public/home',
  '/public/contact',
  '/public/privacy',
  '/public/terms',
  '/public/security',
  '/public/how',
  '/public/demo',
  '/public/reveiw',
  '/public/review',
  '/public/testimonials',
  '/public/feature',
  '/public/features',
  '/public/price',
  '/public/pricing',
  '/public/help',
  '/public/setup',
  '/checkout?plan=premium&billing=annual',
];
