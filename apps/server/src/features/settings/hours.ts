import { TIME_ZONE_MESSAGE, type TShopHours, type ZShopHoursUpdate } from '@counterprint/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { shopNotFound } from '../shops/errors.js';
import { localDate } from '../shops/opening-hours.js';
import * as repo from './repo.js';

/** Opening hours, the shop's time zone and the owner's "closed today" switch. */
export class HoursService {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  async hours(shopId: string): Promise<TShopHours> {
    const row = await repo.hoursOf(this.d.db, shopId);
    if (!row) throw shopNotFound();
    return this.toHours(row);
  }

  /** The zone must be known to Intl (checked by the contract) and to PostgreSQL; PostgreSQL's spelling is kept. */
  async saveHours(shopId: string, update: z.output<typeof ZShopHoursUpdate>): Promise<TShopHours> {
    const timeZone = await repo.knownTimeZone(this.d.db, update.timeZone);
    if (!timeZone) throw badRequest(TIME_ZONE_MESSAGE);
    const row = await repo.updateHours(this.d.db, shopId, { weeklyHours: update.weeklyHours, timeZone });
    if (!row) throw shopNotFound();
    return this.toHours(row);
  }

  /** Closed for the rest of the shop's today: stored as that local date, so the next day it counts for nothing. */
  async setClosedToday(shopId: string, closedToday: boolean): Promise<TShopHours> {
    const current = await repo.hoursOf(this.d.db, shopId);
    if (!current) throw shopNotFound();
    const closedOn = closedToday ? localDate(current.timeZone, this.d.clock.now()) : null;
    const row = await repo.updateHours(this.d.db, shopId, { closedOn });
    if (!row) throw shopNotFound();
    return this.toHours(row);
  }

  private toHours(row: repo.HoursRow): TShopHours {
    const today = localDate(row.timeZone, this.d.clock.now());
    return { timeZone: row.timeZone, weeklyHours: row.weeklyHours, closedToday: row.closedOn === today };
  }
}
