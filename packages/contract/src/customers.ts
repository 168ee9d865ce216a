import { z } from 'zod';
import { EMAIL_PATTERN } from './common.js';
import { ZJobStatus } from './jobs.js';
import { ZOptionalShopId } from './settings.js';
import { PHONE_PATTERN } from './shops.js';
import { clearableText, hasHiddenCharacters, hiddenCharactersMessage } from './text.js';

/** docs/product/rules.md#constants. */
export const CUSTOMER_SORTS = ['recent', 'az', 'za'] as const;
export const CUSTOMERS_PAGE_SIZE = 9;
export const CUSTOMER_CARD_TAGS = 2;
export const CUSTOMER_CSV_COLUMNS = ['ID', 'Name', 'Email', 'Phone', 'Address'] as const;
export const CUSTOMER_MESSAGES = {
  nameOrPhone: 'Enter a name or a phone number for the customer',
  duplicatePhone: 'A customer with this phone number already exists',
  notFound: 'Customer not found',
} as const;

export const ZCustomer = z.object({
  id: z.string(),
  shopId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  tags: z.array(z.string()),
  /** ms since the epoch */
  updatedAt: z.number(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerJob = z.object({
  id: z.string(),
  number: z.number(),
  status: ZJobStatus,
  createdAt: z.string(),
  fileCount: z.number(),
});
export const ZCustomerDetail = ZCustomer.extend({ jobs: z.array(ZCustomerJob) });
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

/** docs/product/screens.md#customers: tags are comma separated (or a list), trimmed, empties dropped. */
export function normaliseTags(raw: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(raw) ? raw.flatMap((t) => t.split(',')) : (raw ?? '').split(',');
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of parts.map((t) => t.trim())) {
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** POST and PUT /api/customers: a field left out stays as it is (PUT) or empty (POST). Unknown fields are ignored. */
export const ZCustomerInput = z.object({
  name: clearableText('name', 100).refine((v) => !v || !hasHiddenCharacters(v), hiddenCharactersMessage('name')),
  email: clearableText('email', 254)
    .refine((v) => !v || EMAIL_PATTERN.test(v), 'email must be a valid email address')
    .transform((v) => v?.toLowerCase() ?? v),
  phone: clearableText('phone', 20).refine((v) => !v || PHONE_PATTERN.test(v), 'phone must be a phone number'),
  address: clearableText('address', 300),
  tags: z
    .union([z.string().max(1000), z.array(z.string().max(60, 'each tag must be at most 60 characters')).max(50)], {
      error: 'tags must be a list or comma-separated text',
    })
    .nullish()
    .transform((v) => (v === undefined ? undefined : normaliseTags(v)))
    .refine((v) => !v || v.length <= 20, 'a customer can have at most 20 tags')
    .refine((v) => !v || v.every((t) => t.length <= 60), 'each tag must be at most 60 characters'),
});
export type TCustomerInput = z.input<typeof ZCustomerInput>;

export const ZCustomerListQuery = z.object({
  shopId: ZOptionalShopId,
  query: z.string().trim().max(100, 'query must be at most 100 characters').optional(),
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CUSTOMER_SORTS, { error: 'sort must be recent, az or za' }).default('recent'),
  ),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export const ZCustomerParams = z.object({ id: z.uuid({ error: 'id must be a customer id' }) });
