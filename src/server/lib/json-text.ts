// Sends JSON text a route wrote itself (a hot read that writes its answer in one pass rather than
// building objects for the serializer). Fastify sends a string typed application/json as it is;
// the route's response schema still documents the answer, and the contract tests hold it to it.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The same, as a stream of JSON text (a long list written in chunks). */
export function sendJsonStream(reply: FastifyReply, json: Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
