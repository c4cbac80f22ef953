import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text as it is, past the route's response serializer (a string with a JSON content type is not
 * serialised again): only for answers PostgreSQL writes in the route schema's exact shape, which tests hold
 * the bytes to (test/raw-json-pages.test.ts).
 */
export function sendRawJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
