import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_NOT_ASCII, TEXT_KEYWORD } from 'shared-kit/contract';
import { DATABASE_UNAVAILABLE, HttpError, INTERNAL_ERROR, REFERENCE_CHANGED, TooManyRequests } from '../lib/http-error';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "email must match format "email"", "name is required": field-first texts a person can act on. */
export function describeValidationIssue(issue: ValidationIssue, context: string | undefined, value?: unknown): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required')
    return `${[path, issue.params.missingProperty].filter(Boolean).join('.')} is required`;
  if (issue.keyword === 'additionalProperties')
    return `${[path, issue.params.additionalProperty].filter(Boolean).join('.')} is not allowed`;
  const field = path || context || 'request';
  // The forms' and the import's reason for a non-ASCII address (email-rule.ts), so the API says why too.
  if (
    issue.keyword === 'format' &&
    issue.params.format === 'email' &&
    typeof value === 'string' &&
    NON_ASCII.test(value)
  )
    return `${field} must match format "email": ${EMAIL_NOT_ASCII}`;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The value a validation issue points at (`/buyer/email` in the body), when the request part holds one. */
function valueAt(part: unknown, instancePath: string): unknown {
  let value = part;
  for (const key of instancePath.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
function isDatabaseUnavailable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return (
    CONNECTION_ERROR_CODES.has(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      error.message ?? '',
    )
  );
}

/** Texts a person can act on for the framework's own refusals (its codes and wording never reach a client). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: a part of it is not correctly percent-encoded UTF-8.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long: a part of it exceeds the length this server accepts.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The content type of the request body is not accepted here: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length of the request does not match its body.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_TYPE: 'The request has an empty content type.',
  FST_ERR_CTP_INVALID_TYPE: 'The request has an invalid content type.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

/** The message of a client error the framework raised: ours when we know it, the HTTP status text otherwise. */
export function describeFrameworkError(error: { code?: string; message: string }, status: number): string {
  const code = error.code ?? '';
  if (FRAMEWORK_MESSAGES[code]) return FRAMEWORK_MESSAGES[code];
  if (code.startsWith('FST_') || /fastify/i.test(error.message)) return `${STATUS_CODES[status] ?? 'Bad request'}.`;
  return error.message;
}

/** Fastify's router errors (bad URL component, over-long parameter) bypass the error handler: same shape here. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ message: [describeFrameworkError(error, status)] });
}

/** Errors Node's HTTP parser raises before there is a request (slow or malformed clients), in our shape. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = timedOut ? 408 : tooLarge ? 431 : 400;
  const message = timedOut
    ? 'The request took too long to arrive.'
    : tooLarge
      ? 'The request headers are too large.'
      : 'The request is not valid HTTP.';
  const body = JSON.stringify({ message: [message] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** One error shape for every answer: `{ message: [...] }`; full detail only in the log, never a stack trace out. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error.validation) {
      // Text no field may hold is the real problem of a union's branches (`'' | version | null`): say it first.
      const issues = [...(error.validation as ValidationIssue[])].sort(
        (a, b) => Number(b.keyword === TEXT_KEYWORD) - Number(a.keyword === TEXT_KEYWORD),
      );
      const part = (request as unknown as Record<string, unknown>)[error.validationContext ?? 'body'];
      const messages = issues.map((issue) =>
        describeValidationIssue(issue, error.validationContext, valueAt(part, issue.instancePath)),
      );
      return reply.status(400).send({ message: [...new Set(messages)] });
    }
    if (error instanceof HttpError) {
      // Every 429 says when to try again: its own wait, or a short one when the refusal did not say.
      if (error.statusCode === 429 && !reply.hasHeader('Retry-After'))
        reply.header('Retry-After', String(error instanceof TooManyRequests ? error.retryAfterSeconds : 1));
      return reply.status(error.statusCode).send({ message: [error.message] });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: [DATABASE_UNAVAILABLE] });
    }
    if (error.code === '23505') {
      return reply.status(409).send({ message: ['A record with these values already exists.'] });
    }
    // A write raced another one over a reference (a record deleted while another came to point at it): a conflict the
    // caller can retry, not a server fault. Routes that can foresee it answer their own words first.
    if (error.code === '23503' || error.code === '23001') {
      return reply.status(409).send({ message: [REFERENCE_CHANGED] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.status(status).send({ message: [describeFrameworkError(error, status)] });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: [INTERNAL_ERROR] });
  });
}
