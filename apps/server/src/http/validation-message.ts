import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The wording of a failed route schema (the policy is described in validation.ts), apart from it so the
// error handler (errors.ts) reads it without the circle errors → validation → errors.

/** zod's own wording ("Invalid input: …") says nothing of the field; ours is written as a whole sentence. */
export const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)/;

export const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** The error handler's wording for a failed route schema. */
export function validationMessage(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    if (first) {
      const field = fieldOf(first.instancePath);
      const where = err.validationContext === 'querystring' ? 'query ' : '';
      const msg = first.message ?? 'is invalid';
      if (!field) return msg.includes('expected object') ? `${where || 'body '}is required` : `${where}${msg}`;
      // zod messages written in the contract already name the field ("email is required").
      return msg.startsWith(field.split('.').pop() ?? '') ? msg : `${where}${field}: ${msg}`;
    }
  }
  return err.message;
}
