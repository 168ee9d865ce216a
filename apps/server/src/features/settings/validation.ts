import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.js';

/** zod's own wording ("Invalid input: …") says nothing of the field; ours is written as a whole sentence. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)/;

/**
 * For routes declared with `attachValidation: true`: answers 400 with the contract's message as written,
 * so the messages the spec lists reach the client verbatim ('Shop name is required', not 'shopName: …').
 */
export async function verbatimValidation(req: FastifyRequest): Promise<void> {
  const err = req.validationError;
  if (!err) return;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const message = first?.message ?? 'is invalid';
    if (!ZOD_DEFAULT.test(message)) throw badRequest(message);
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
    throw badRequest(`${field}: ${message}`);
  }
  throw badRequest(err.message);
}
