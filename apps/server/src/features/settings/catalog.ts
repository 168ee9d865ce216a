import { randomUUID } from 'node:crypto';
import type { TInventoryItem, TRateCardService } from '@counterprint/contract';
import {
  DEFAULT_SHEETS_PER_REAM,
  PAPER_CATEGORY,
  rupeesToPaise,
  SETTINGS_MESSAGES,
  type ZInventoryCreate,
  type ZInventoryUpdate,
  type ZRateCardServiceInput,
} from '@counterprint/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { rateCardOf } from '../shops/repo.js';
import { toInventoryItem, toRateCardService } from './dto.js';
import type { RateCardRow } from './repo.js';
import * as repo from './repo.js';

const itemNotFound = () => notFound('Inventory item not found', 'ITEM_NOT_FOUND');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'Paper' in any case is the paper category: those items count sheets and carry sheetsPerReam. */
const normaliseCategory = (c: string | undefined) => (c?.toLowerCase() === PAPER_CATEGORY ? PAPER_CATEGORY : c || undefined);
const reamFor = (category: string, given: number | undefined, current: number | null = null) =>
  category === PAPER_CATEGORY ? (given ?? current ?? DEFAULT_SHEETS_PER_REAM) : null;

/**
 * The print attributes a saved service keeps (issue 19): paper, colour and sides mean something on a
 * per_page service only, and `extra` on a per_item or per_order one; the rest are dropped, so no
 * attribute the editor hid can change a price.
 */
function printAttributesFor(s: z.output<typeof ZRateCardServiceInput>, before: RateCardRow | undefined) {
  const unit = s.unit ?? 'per_page';
  const page = unit === 'per_page';
  // Left out: as the service had it (an older client saves without them); '' or null clears.
  const kept = <K extends 'paper' | 'color' | 'sides' | 'extra'>(key: K) => (s[key] === undefined ? before?.[key] : s[key]);
  return {
    paper: page ? (kept('paper') ?? null) : null,
    color: page ? (kept('color') ?? null) : null,
    sides: page ? (kept('sides') ?? null) : null,
    extra: (unit === 'per_item' || unit === 'per_order') && kept('extra') === true,
  };
}

/** Inventory by sku and the rate card, always within one shop the caller has already been checked for. */
export class CatalogService {
  constructor(private readonly db: Db) {}

  async addItem(shopId: string, input: z.output<typeof ZInventoryCreate>): Promise<TInventoryItem> {
    const category = normaliseCategory(input.category) ?? 'general';
    try {
      const row = await repo.insertItem(this.db, {
        shopId,
        sku: input.sku,
        name: input.name,
        category,
        pricePaise: rupeesToPaise(input.price ?? 0),
        stock: input.stock ?? 0,
        lowStockThreshold: input.lowStockThreshold,
        unit: input.unit ?? 'pcs',
        description: input.description ?? null,
        sheetsPerReam: reamFor(category, input.sheetsPerReam),
      });
      return toInventoryItem(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`An item with SKU ${input.sku} already exists`, 'SKU_TAKEN');
      throw err;
    }
  }

  async updateItem(shopId: string, sku: string, input: z.output<typeof ZInventoryUpdate>): Promise<TInventoryItem> {
    const current = await repo.findItem(this.db, shopId, sku);
    if (!current) throw itemNotFound();
    const category = normaliseCategory(input.category) ?? current.category;
    const row = await repo.updateItem(this.db, shopId, sku, {
      name: input.name,
      category,
      pricePaise: input.price === undefined ? undefined : rupeesToPaise(input.price),
      stock: input.stock,
      lowStockThreshold: input.lowStockThreshold,
      unit: input.unit,
      description: input.description,
      sheetsPerReam: reamFor(category, input.sheetsPerReam, current.sheetsPerReam),
      updatedAt: new Date(),
    });
    if (!row) throw itemNotFound();
    return toInventoryItem(row);
  }

  async deleteItem(shopId: string, sku: string): Promise<void> {
    if (!(await repo.deleteItem(this.db, shopId, sku))) throw itemNotFound();
  }

  /**
   * Replaces the rate card (docs/product/rules.md#rate-card). Blank names are dropped; a service keeps its id when it is one of
   * this shop's services (orders name services by id), and any other service gets a new one.
   */
  async saveRateCard(shopId: string, input: z.output<typeof ZRateCardServiceInput>[]): Promise<TRateCardService[]> {
    const kept = input.filter((s) => s.serviceName);
    if (kept.length === 0) throw badRequest(SETTINGS_MESSAGES.rateCardEmpty, 'RATE_CARD_EMPTY');
    const existing = new Map((await rateCardOf(this.db, shopId)).map((s) => [s.id, s]));
    const used = new Set<string>();
    const rows = kept.map((s, position) => {
      const given = s.id && UUID.test(s.id) ? s.id.toLowerCase() : undefined;
      const id = given && existing.has(given) && !used.has(given) ? given : randomUUID();
      used.add(id);
      return {
        id,
        shopId,
        serviceName: s.serviceName!,
        basePricePaise: rupeesToPaise(s.basePrice ?? 0),
        unit: s.unit ?? 'per_page',
        category: s.category ?? null,
        description: s.description ?? null,
        isActive: true,
        position,
        ...printAttributesFor(s, existing.get(id)),
      };
    });
    await repo.replaceRateCard(this.db, shopId, rows);
    return (await rateCardOf(this.db, shopId)).map(toRateCardService);
  }
}
