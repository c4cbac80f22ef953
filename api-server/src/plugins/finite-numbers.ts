import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error';

/** The path of the first number that is not finite in a parsed value (depth-limited), or undefined. */
export function firstNonFiniteNumber(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || 'value';
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const found = firstNonFiniteNumber(object[key], path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Ajv's type coercion turns the text "1e309" or "Infinity" into Infinity and then lets it pass integer and
 * maximum checks; no field of this API takes an infinite number, so such a value is refused after validation.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const field =
      firstNonFiniteNumber(request.params) ?? firstNonFiniteNumber(request.query) ?? firstNonFiniteNumber(request.body);
    done(field ? badRequest(`${field} must be a finite number`) : undefined);
  });
}
