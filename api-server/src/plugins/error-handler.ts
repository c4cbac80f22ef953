import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE, HttpError, INTERNAL_ERROR } from '../lib/http-error';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "email must match format "email"", "name is required": field-first texts a person can act on. */
export function describeValidationIssue(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') return `${[path, issue.params.missingProperty].filter(Boolean).join('.')} is required`;
  if (issue.keyword === 'additionalProperties') return `${[path, issue.params.additionalProperty].filter(Boolean).join('.')} is not allowed`;
  const field = path || context || 'request';
  return `${field} ${issue.message ?? 'is invalid'}`;
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03']);
function isDatabaseUnavailable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return (
    CONNECTION_ERROR_CODES.has(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message ?? '')
  );
}

/** One error shape for every answer: `{ message: [...] }`; full detail only in the log, never a stack trace out. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error.validation) {
      const messages = (error.validation as ValidationIssue[]).map((issue) => describeValidationIssue(issue, error.validationContext));
      return reply.status(400).send({ message: [...new Set(messages)] });
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: [error.message] });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: [DATABASE_UNAVAILABLE] });
    }
    if (error.code === '23505') {
      return reply.status(409).send({ message: ['A record with these values already exists.'] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: [error.message] });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: [INTERNAL_ERROR] });
  });
}
