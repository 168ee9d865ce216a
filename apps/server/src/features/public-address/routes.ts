// No service or repo: the address is settled once at start-up from the configuration (public-address.ts).
import { type TPublicAddress, ZPublicAddress } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** What links and QR codes point at, so staff screens can warn when a phone could not open them. */
export async function publicAddressRoutes(app: FastifyInstance, deps: { address: TPublicAddress }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/public-address', { schema: { response: { 200: ZPublicAddress } } }, async () => deps.address);
}
