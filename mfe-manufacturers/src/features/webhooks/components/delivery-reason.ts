import type { WebhookDelivery } from 'shared-kit';

/** The reason phrases of the statuses an endpoint most often answers with. */
const STATUS_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Node's network error codes (in the worker's error text) as what happened, in words. */
const NETWORK_REASONS: [RegExp, string][] = [
  [/ECONNREFUSED/, 'The connection was refused: nothing answers at that address and port.'],
  [/ENOTFOUND|EAI_AGAIN/, 'The host name could not be found (DNS).'],
  [/ECONNRESET|socket hang up/i, 'The connection was cut before an answer came.'],
  [/ETIMEDOUT|No answer within/i, 'No answer came in time.'],
  [/EHOSTUNREACH|ENETUNREACH/, 'The address cannot be reached from here.'],
  [/CERT|certificate|self[- ]signed|SSL|TLS/i, 'The endpoint’s TLS certificate was not accepted.'],
];

/**
 * Why a delivery is not (yet) through, in words, with the worker's own text kept after it for whoever debugs the
 * endpoint: "The endpoint answered 500 Internal Server Error.", "The connection was refused: … (connect
 * ECONNREFUSED 10.0.0.5:443)". Null for a delivery that went through or has not been tried.
 */
export function deliveryFailureReason(delivery: WebhookDelivery): string | null {
  if (delivery.status === 'succeeded') return null;
  const error = delivery.last_error;
  const status = delivery.response_code ?? Number(/^HTTP (\d{3})$/.exec(error ?? '')?.[1] ?? NaN);
  if (Number.isInteger(status) && (error === null || /^HTTP \d{3}$/.test(error))) {
    const phrase = STATUS_PHRASES[status];
    return `The endpoint answered ${status}${phrase ? ` ${phrase}` : ''}; only a 2xx answer counts as delivered.`;
  }
  if (!error) return null;
  const known = NETWORK_REASONS.find(([pattern]) => pattern.test(error));
  return known ? `${known[1]} (${error})` : error;
}

const toTheSecond = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A time with its seconds (the next attempt is scheduled to the second); '' when there is none. */
export function formatToTheSecond(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unknown' : toTheSecond.format(date);
}
