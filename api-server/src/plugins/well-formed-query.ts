import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error';

function decoded(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * What is wrong with a query string whose escapes are not percent-encoded UTF-8 (`%ED%A0%80` is a lone
 * surrogate, `%FF` no character at all), or null. The query parser would keep such text as it is, so a
 * search would look for the escape itself rather than refuse it.
 */
export function malformedQueryProblem(search: string): string | null {
  for (const pair of search.split('&')) {
    const separator = pair.indexOf('=');
    const name = decoded(separator === -1 ? pair : pair.slice(0, separator));
    if (name === null) return 'a query parameter name is not valid percent-encoded UTF-8';
    if (separator !== -1 && decoded(pair.slice(separator + 1)) === null)
      return `${name} is not valid percent-encoded UTF-8`;
  }
  return null;
}

export function refuseMalformedQueries(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const start = request.url.indexOf('?');
    const problem = start === -1 ? null : malformedQueryProblem(request.url.slice(start + 1));
    done(problem ? badRequest(problem) : undefined);
  });
}
