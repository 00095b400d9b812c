// Turns every error into `{message, errors?}`. Validation → 400 with the schema's messages;
// known client errors keep their status; anything else is a 500 that reveals nothing. The two
// handlers at the end do the same for what Fastify and Node refuse before any route runs.
import http from 'node:http';
import type { Duplex } from 'node:stream';
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

/** Messages for the errors Fastify finds while routing, by code (its own repeat the URL). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long (over 100 characters)',
};

/**
 * Fastify option `frameworkErrors`: a URL that is not valid percent-encoding (400) or a path
 * parameter over `maxParamLength` (414) is refused before routing, by default with
 * `{error, code, message, statusCode}`; we answer `{message}` as everywhere else.
 */
export function frameworkErrorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) return reply.code(500).send({ message: 'Internal Server Error' });
  return reply.code(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
}

/**
 * Fastify option `clientErrorHandler`: requests Node's HTTP parser refuses (a malformed request
 * line; a request line plus headers over 16 KB, a too-long URL included; a client too slow to
 * send its headers). Written on the socket, as Fastify's default does, but as `{message}`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The URL or the headers are too large (16 KB at most)']
        : [400, 'Malformed request'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
