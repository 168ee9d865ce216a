import { notFound } from '../../http/errors.js';

/** Every call that names a shop (by slug or id) answers this when there is none. */
export const shopNotFound = () => notFound('Shop not found', 'SHOP_NOT_FOUND');
