// Turns every error into `{message, errors?}`. Validation → 400 with the schema's messages;
// known client errors keep their status; anything else is a 500 that reveals nothing.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';
import { NUL_MESSAGE } from './nul-guard';
import { isUnstorableText } from './pg-errors';

export function errorHandler(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: String(v.instancePath ?? '')
        .replace(/^\//, '')
        .replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
  }
  if (isResponseSerializationError(error)) {
    req.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send({ message: 'Internal Server Error' });
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message });
  }
  // Defence in depth behind nul-guard.ts: text PostgreSQL cannot store is bad input, not a fault.
  if (isUnstorableText(error)) return reply.code(400).send({ message: NUL_MESSAGE });
  req.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal Server Error' });
}
