import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.js';
import { fieldOf, ZOD_DEFAULT } from './validation-message.js';

/**
 * The one zod→400 policy. Every 400 for a zod failure names the first issue only, in one of two
 * wordings a route chooses when it is declared:
 * - by default (the error handler): the field is named unless the message already starts with it;
 * - `verbatim` (`attachValidation: true, preHandler: verbatimValidation`): a message the contract wrote
 *   is sent as written ('Shop name is required', not 'shopName: …'); only zod's own wording gets the field.
 * A value checked outside a route schema (a multipart field, a JSON part) uses `parseOrBadRequest`,
 * which answers the contract's message as written.
 */

/**
 * For routes declared with `attachValidation: true`: answers 400 with the contract's message as written,
 * so the messages the product lists reach the client verbatim ('Shop name is required', not 'shopName: …').
 */
export async function verbatimValidation(req: FastifyRequest): Promise<void> {
  const err = req.validationError;
  if (!err) return;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const message = first?.message ?? 'is invalid';
    if (!ZOD_DEFAULT.test(message)) throw badRequest(message);
    const field = fieldOf(first?.instancePath ?? '') || err.validationContext || 'body';
    throw badRequest(`${field}: ${message}`);
  }
  throw badRequest(err.message);
}

/** Checks a value read outside a route schema; a failure answers 400 with the first issue's message. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown, fallback: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? fallback);
  return parsed.data;
}
