import type { TCustomer, TCustomerDetail } from '@counterprint/contract';
import { CUSTOMER_MESSAGES, type ZCustomerInput, type ZCustomerListQuery } from '@counterprint/contract';
import type { z } from 'zod';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { resolveShopId } from '../shops/scope.js';
import * as repo from './repo.js';

type Input = z.output<typeof ZCustomerInput>;

const customerNotFound = () => notFound(CUSTOMER_MESSAGES.notFound, 'CUSTOMER_NOT_FOUND');
/** The customer's jobs, asked of the feature that owns jobs and their files. */
export type CustomerJobs = (shopId: string, customerId: string) => Promise<TCustomerDetail['jobs']>;

const duplicatePhone = () => conflict(CUSTOMER_MESSAGES.duplicatePhone, 'CUSTOMER_PHONE_TAKEN');

/** A shop's customers: from uploads with a phone (issue 2) and from manual entry here. */
export class CustomersService {
  constructor(private readonly d: { db: Db; clock: Clock; jobsOf: CustomerJobs }) {}

  async list(user: AuthUser, q: z.output<typeof ZCustomerListQuery>): Promise<TCustomer[]> {
    const shopId = await resolveShopId(this.d.db, user, q.shopId);
    return (await repo.listCustomers(this.d.db, shopId, q)).map(repo.toCustomer);
  }

  async detail(user: AuthUser, id: string): Promise<TCustomerDetail> {
    const c = await this.owned(user, id);
    return { ...repo.toCustomer(c), jobs: await this.d.jobsOf(c.shopId, c.id) };
  }

  async create(user: AuthUser, shopIdQuery: string | undefined, input: Input): Promise<TCustomer> {
    const shopId = await resolveShopId(this.d.db, user, shopIdQuery);
    if (!input.name && !input.phone) throw badRequest(CUSTOMER_MESSAGES.nameOrPhone);
    const now = this.d.clock.now();
    const row = await this.write(() =>
      repo.insertCustomer(
        this.d.db,
        shopId,
        {
          name: input.name ?? '',
          email: input.email ?? null,
          phone: input.phone ?? null,
          address: input.address ?? null,
          tags: input.tags ?? [],
        },
        now,
      ),
    );
    return repo.toCustomer(row);
  }

  /** A field left out stays as it is; the customer must keep a name or a phone. */
  async update(user: AuthUser, id: string, input: Input): Promise<TCustomer> {
    const current = await this.owned(user, id);
    const name = input.name === undefined ? current.name : (input.name ?? '');
    const phone = input.phone === undefined ? current.phone : input.phone;
    if (!name && !phone) throw badRequest(CUSTOMER_MESSAGES.nameOrPhone);
    const row = await this.write(() =>
      repo.updateCustomer(this.d.db, id, { name, phone, email: input.email, address: input.address, tags: input.tags }, this.d.clock.now()),
    );
    return repo.toCustomer(row);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.owned(user, id);
    await repo.deleteCustomer(this.d.db, id);
  }

  /** Calls on one customer find the shop from the customer and check it like any shop call. */
  private async owned(user: AuthUser, id: string) {
    const c = await repo.findCustomer(this.d.db, id);
    if (!c) throw customerNotFound();
    await requireShopAccess(this.d.db, user, c.shopId);
    return c;
  }

  private async write(run: () => Promise<repo.CustomerRow | undefined>): Promise<repo.CustomerRow> {
    try {
      const row = await run();
      if (!row) throw customerNotFound();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicatePhone();
      throw err;
    }
  }
}
