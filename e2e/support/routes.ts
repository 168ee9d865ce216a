import { PUBLIC_PAGES } from '../../apps/web/src/app/publicPages.js';

/** Every public address the site links to or prints, including the spec's misspelt aliases. */
export const PUBLIC_ROUTES = [
  // The address on every visiting card; it once answered 403.
  '/',
  ...PUBLIC_PAGES,
  '/public/demo',
  '/checkout?plan=premium&billing=annual',
];
