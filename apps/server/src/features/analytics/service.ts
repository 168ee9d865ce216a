import type { TAnalytics, TPaperInventoryItem } from '@counterprint/contract';
import {
  ANALYTICS_MESSAGES,
  DEFAULT_SHEETS_PER_REAM,
  LOW_STOCK_FRACTION,
  type ZAnalyticsQuery,
  type ZRestockQuery,
} from '@counterprint/contract';
import type { z } from 'zod';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { type FileForPaper, jobPaper } from '../../pricing/job-pricing.js';
import { type Period, periodOf, round1 } from '../../reports/period.js';
import { resolveShopId, shopsOfUser } from '../shops/scope.js';
import * as repo from './repo.js';

const MAX_STOCK = 1_000_000_000;

/**
 * Paper inventory definitions (the specification named the fields, not their meaning; docs/product/rules.md#paper-and-inventory):
 * - remainingSheets: the item's stock now; usedSheets: sheets printed in the period by jobs marked done, as
 *   src/pricing/paper.ts counts them (the figure Mark Printed took off the stock);
 * - totalSheets = remaining + used, i.e. what the period had to work with (its opening stock plus restocks);
 * - usagePct = used / total; reams = remaining / sheetsPerReam (2 decimals);
 * - lowStock when remaining ≤ 10% of total (docs/product/rules.md#paper-and-inventory) or remaining ≤ the item's lowStockThreshold,
 *   but never while total is 0: a new shop's paper starts at 0 sheets, and with nothing in stock and
 *   nothing used there is no stock recorded to be low on (docs/decisions/021).
 */
export function paperItem(row: repo.PaperRow, used: number, lastUsed: string | undefined): TPaperInventoryItem {
  const remaining = Number(row.stock);
  const perReam = row.sheets_per_ream ?? DEFAULT_SHEETS_PER_REAM;
  const total = remaining + used;
  const threshold = Number(row.low_stock_threshold);
  return {
    sku: row.sku,
    name: row.name,
    reams: Math.round((remaining / perReam) * 100) / 100,
    sheetsPerReam: perReam,
    totalSheets: total,
    usedSheets: used,
    remainingSheets: remaining,
    usagePct: total > 0 ? round1((used / total) * 100) : 0,
    lastUsedDate: lastUsed ?? null,
    lowStock: total > 0 && (remaining <= threshold || remaining <= LOW_STOCK_FRACTION * total),
    lowStockThreshold: threshold,
    shopId: row.shop_id,
  };
}

/** Jobs printed before Mark Printed kept their sheets, counted from the files it recycled with them. */
function addLegacy(
  legacy: Awaited<ReturnType<typeof repo.legacyPrinted>>,
  files: FilesByJob,
  byPaper: Map<string, number>,
  byDay: Map<string, number>,
) {
  for (const job of legacy) {
    const { sheets } = jobPaper({ status: 'done', printedSheets: null, printedSides: null }, files.get(job.id) ?? []);
    const key = `${job.shop_id}/${job.sku}`;
    byPaper.set(key, (byPaper.get(key) ?? 0) + sheets);
    byDay.set(job.day, (byDay.get(job.day) ?? 0) + sheets);
  }
}

/** A recent job with the sheets every screen shows for it (src/pricing/job-pricing.ts). */
function recentItem(
  job: Awaited<ReturnType<typeof repo.recentJobs>>[number],
  files: FilesByJob,
): TAnalytics['recentJobs']['items'][number] {
  const { printedSheets, printedSides, ...rest } = job;
  return { ...rest, sheets: jobPaper({ status: job.status, printedSheets, printedSides }, files.get(job.id) ?? []).sheets };
}

/** Each job's files as jobPaper reads them, asked of the feature that owns them. */
type FilesByJob = Map<string, FileForPaper[]>;
export type FilesForPaper = (jobIds: string[]) => Promise<FilesByJob>;

/** Materials & services analytics over the user's shops, or the whole platform for an OWNER. */
export class AnalyticsService {
  constructor(private readonly d: { db: Db; clock: Clock; filesForPaper: FilesForPaper }) {}

  async report(user: AuthUser, q: z.output<typeof ZAnalyticsQuery>): Promise<TAnalytics> {
    const { db } = this.d;
    const period = periodOf(q, this.d.clock.now());
    const owned = await shopsOfUser(db, user.id);
    const isOwner = user.roles.includes('OWNER');
    if (q.scope === 'platform' && !isOwner) throw forbidden(ANALYTICS_MESSAGES.platformOnly, 'PLATFORM_FORBIDDEN');
    // docs/product/departures.md#owner-analytics-and-settings: an OWNER's /analytics is platform-wide; one who also runs shops asks for it with scope=platform.
    const platform = q.scope === 'platform' || (isOwner && owned.length === 0 && q.scope !== 'shops');
    if (q.shopId && !platform) await requireShopAccess(db, user, q.shopId);
    const shops = platform ? await repo.allShops(db) : owned;
    const scope: repo.ShopScope = q.shopId ? { ids: [q.shopId] } : platform ? 'all' : { ids: shops.map((s) => s.id) };
    if (scope !== 'all' && scope.ids.length === 0) return this.assemble(period, platform, shops, q, emptyFigures());

    const total = await repo.countRecentJobs(db, scope, period, q.query);
    const totalPages = Math.max(1, Math.ceil(total / q.pageSize));
    const page = Math.min(q.page, totalPages);
    const [papers, used, lastUsed, byDay, legacy, counts, visits, jobs] = await Promise.all([
      repo.paperItems(db, scope),
      repo.usedByPaper(db, scope, period),
      repo.lastUsedByPaper(db, scope, period.tz),
      repo.usedByDay(db, scope, period),
      repo.legacyPrinted(db, scope, period),
      repo.jobCounts(db, scope, period),
      repo.visitsByDay(db, scope, period),
      repo.recentJobs(db, scope, period, q.query, q.pageSize, (page - 1) * q.pageSize),
    ]);
    const files = await this.d.filesForPaper([...legacy.map((j) => j.id), ...jobs.map((j) => j.id)]);
    addLegacy(legacy, files, used, byDay);
    const key = (r: repo.PaperRow) => `${r.shop_id}/${r.sku}`;
    return this.assemble(period, platform, shops, q, {
      papers: papers.map((r) => paperItem(r, used.get(key(r)) ?? 0, lastUsed.get(key(r)))),
      usedByDay: byDay,
      counts,
      visits,
      recent: { items: jobs.map((j) => recentItem(j, files)), page, totalPages, total },
    });
  }

  private assemble(
    period: Period,
    platform: boolean,
    shops: { id: string; name: string }[],
    q: { shopId?: string | undefined },
    f: Figures,
  ): TAnalytics {
    const series = period.days.map((date) => ({ date, used: f.usedByDay.get(date) ?? 0 }));
    const totalUsed = series.reduce((s, d) => s + d.used, 0);
    const avgDaily = round1(totalUsed / period.days.length);
    const traffic = period.days.map((date) => ({ date, ...(f.visits.get(date) ?? { walkin: 0, online: 0 }) }));
    const walkin = traffic.reduce((s, d) => s + d.walkin, 0);
    const visits = walkin + traffic.reduce((s, d) => s + d.online, 0);
    const walkinPct = visits ? round1((walkin / visits) * 100) : 0;
    const low = f.papers.filter((p) => p.lowStock).length;
    const cards = [
      { key: 'jobs', title: 'Print jobs', value: f.counts.total, sub: `${f.counts.printed} printed` },
      { key: 'sheets', title: 'Sheets used', value: totalUsed, sub: `${avgDaily} per day` },
      { key: 'visits', title: 'Page visits', value: visits, sub: `${walkinPct}% walk-in` },
      { key: 'lowStock', title: 'Low stock', value: low, sub: 'Items below 10%' },
    ];
    if (platform) cards.unshift({ key: 'shops', title: 'Shops', value: q.shopId ? 1 : shops.length, sub: 'on the platform' });
    return {
      periodLabel: period.label,
      from: period.from,
      to: period.to,
      scope: platform ? 'platform' : 'shops',
      summaryCards: cards,
      paperInventory: f.papers,
      usage: { totalUsed, series, avgDaily, projectedMonth: Math.round(avgDaily * 30) },
      recentJobs: f.recent,
      traffic: {
        series: traffic,
        total: visits,
        avg: round1(visits / period.days.length),
        walkinPct,
        onlinePct: visits ? round1(100 - walkinPct) : 0,
      },
      shops: shops.map((s) => ({ id: s.id, name: s.name })),
    };
  }

  /** Adds sheets to one paper item of a shop the user owns, recording the real user (not the client's userId). */
  async restock(user: AuthUser, q: z.output<typeof ZRestockQuery>): Promise<TPaperInventoryItem> {
    const { db, clock } = this.d;
    const shopId = await resolveShopId(db, user, q.shopId);
    const [item] = await repo.paperItems(db, { ids: [shopId] }, q.sku);
    if (!item) throw notFound(ANALYTICS_MESSAGES.itemNotFound, 'ITEM_NOT_FOUND');
    const add = q.addSheets;
    if (Number(item.stock) + add > MAX_STOCK) throw badRequest(ANALYTICS_MESSAGES.validQuantity);
    if (!(await repo.restock(db, shopId, q.sku, add, user.id, clock.now())))
      throw notFound(ANALYTICS_MESSAGES.itemNotFound, 'ITEM_NOT_FOUND');
    const period = periodOf(q, clock.now());
    const scope = { ids: [shopId] };
    const [[row], used, lastUsed] = await Promise.all([
      repo.paperItems(db, scope, q.sku),
      repo.usedByPaper(db, scope, period),
      repo.lastUsedByPaper(db, scope, period.tz),
    ]);
    return paperItem(row!, used.get(`${shopId}/${q.sku}`) ?? 0, lastUsed.get(`${shopId}/${q.sku}`));
  }
}

type Figures = {
  papers: TPaperInventoryItem[];
  usedByDay: Map<string, number>;
  counts: { total: number; printed: number };
  visits: Map<string, { walkin: number; online: number }>;
  recent: TAnalytics['recentJobs'];
};
const emptyFigures = (): Figures => ({
  papers: [],
  usedByDay: new Map(),
  counts: { total: 0, printed: 0 },
  visits: new Map(),
  recent: { items: [], page: 1, totalPages: 1, total: 0 },
});
