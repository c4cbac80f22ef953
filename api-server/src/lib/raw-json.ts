import type { FastifyReply } from 'fastify';
import type { Pagination } from 'shared-kit/contract';

/**
 * Sends JSON text as it is, past the route's response serializer (a string with a JSON content type is not
 * serialised again): only for answers PostgreSQL writes in the route schema's exact shape, which tests hold
 * the bytes to (test/raw-json-answers.test.ts).
 */
export function sendRawJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A paged answer (docs/console.md, Lists) around a page's rows as PostgreSQL wrote them (a JSON array). */
export const rawPage = (rowsJson: string, pagination: Pagination) =>
  `{"data":${rowsJson},"pagination":${JSON.stringify(pagination)}}`;
