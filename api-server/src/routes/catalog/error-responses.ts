import { ErrorResponse } from 'shared-kit/contract';

/** The error answers every catalog route may give, for its response schema (and the OpenAPI document). */
export const errorResponses = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
