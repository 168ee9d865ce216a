import {
  ZCustomer,
  ZCustomerDetail,
  ZCustomerInput,
  ZCustomerListQuery,
  ZCustomerParams,
  ZOk,
  ZShopScopeQuery,
} from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import type { CustomersService } from './service.js';

/** The customer calls (docs/product/routes.md#customers); `?shopId=` is optional for a user with one shop (docs/product/rules.md#shop-scope). */
export async function customersRoutes(app: FastifyInstance, { customers }: { customers: CustomersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checked = { attachValidation: true, preHandler: verbatimValidation };

  r.get('/api/customers', { ...checked, schema: { querystring: ZCustomerListQuery, response: { 200: z.array(ZCustomer) } } }, async (req) =>
    customers.list(currentUser(req), req.query),
  );

  r.get('/api/customers/:id', { ...checked, schema: { params: ZCustomerParams, response: { 200: ZCustomerDetail } } }, async (req) =>
    customers.detail(currentUser(req), req.params.id),
  );

  r.post(
    '/api/customers',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZCustomerInput, response: { 201: ZCustomer } } },
    async (req, reply) => reply.status(201).send(await customers.create(currentUser(req), req.query.shopId, req.body)),
  );

  r.put(
    '/api/customers/:id',
    { ...checked, schema: { params: ZCustomerParams, body: ZCustomerInput, response: { 200: ZCustomer } } },
    async (req) => customers.update(currentUser(req), req.params.id, req.body),
  );

  r.delete('/api/customers/:id', { ...checked, schema: { params: ZCustomerParams, response: { 200: ZOk } } }, async (req) => {
    await customers.remove(currentUser(req), req.params.id);
    return { ok: true as const };
  });
}
