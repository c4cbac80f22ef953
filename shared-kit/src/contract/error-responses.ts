import { ErrorResponse } from './common';

/**
 * The error answers every API route may give, for its response schema (and so the OpenAPI document). The body
 * is always `{ message: [...] }`; a route that cannot answer one of these statuses simply never does.
 */
export const ErrorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
