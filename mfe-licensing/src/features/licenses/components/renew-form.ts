import { formatDate, type LicenseRenewBody } from 'shared-kit';
import type { ContractRules } from 'shared-kit/forms';

export interface RenewFormValues {
  /** By the policy's duration, or to a date. */
  how: 'duration' | 'date';
  /** The last day it runs, as a date input holds it (YYYY-MM-DD); '' before a choice. */
  date: string;
}

export const RENEW_DATE_REQUIRED = 'Enter the last day the license runs.';
export const RENEW_DATE_PAST = 'Choose today or a later day.';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The end of the chosen day in the browser's time zone, as the server stores it; null when not a date. */
export function endOfDay(date: string): string | null {
  const parts = DATE_INPUT.exec(date);
  if (!parts) return null;
  const end = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** What renewing by `days` gives, as the server counts it: from the expiry, or from now when that is later. */
export function renewedBy(days: number, expiresAt: string | null, now = Date.now()): string {
  const from = Math.max(expiresAt ? Date.parse(expiresAt) : now, now);
  return formatDate(new Date(from + days * DAY_MS).toISOString());
}

/** The renewal checked as the server checks POST /licenses/{id}/renew: no date means by the policy's duration. */
export const renewContract = (now: () => number = Date.now): ContractRules<RenewFormValues, LicenseRenewBody> => ({
  schema: () => import('shared-kit/contract').then((contract) => contract.LicenseRenewBody),
  // A date that cannot be read is sent as typed: the schema refuses it with the form's words.
  toBody: ({ how, date }) => (how === 'duration' ? {} : { expires_at: endOfDay(date) ?? date }),
  fieldOf: { expires_at: 'date' },
  messages: { date: RENEW_DATE_REQUIRED },
  rules: ({ how, date }) => {
    const end = how === 'date' ? endOfDay(date) : null;
    return end !== null && Date.parse(end) <= now() ? { date: RENEW_DATE_PAST } : {};
  },
});
