import type { CreateApiKeyBody } from 'shared-kit';
import type { ApiKeyScope } from 'shared-kit/contract';

/** How long a new key lives: a number of days, never, or until a chosen date. */
export type ExpiryChoice = '30' | '90' | '365' | 'never' | 'date';

export interface KeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiry: ExpiryChoice;
  /** The last day the key works (YYYY-MM-DD), when `expiry` is 'date'. */
  expiryDate: string;
}

export const NAME_REQUIRED = 'Name is required.';
export const NAME_TOO_LONG = 'Name may be at most 100 characters.';
export const SCOPES_REQUIRED = 'Choose at least one scope.';
export const DATE_REQUIRED = 'Choose the last day the key works, in the future.';

export const NEW_KEY: KeyFormValues = { name: '', scopes: [], expiry: '90', expiryDate: '' };

const DAY_MS = 86_400_000;

/** The instant a key's chosen expiry ends: after `days` days from now, or at the end of the chosen day (local time). */
export function expiryOf(values: KeyFormValues, now = new Date()): string | null {
  if (values.expiry === 'never') return null;
  if (values.expiry === 'date') {
    const [year, month, day] = values.expiryDate.split('-').map(Number);
    if (!year || !month || !day) return null;
    return new Date(year, month - 1, day, 23, 59, 59).toISOString();
  }
  return new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString();
}

/** What the server would refuse and the schema cannot say: a chosen date that is missing or past. */
export function validateKeyForm(values: KeyFormValues, now = new Date()): Partial<Record<keyof KeyFormValues, string>> {
  if (values.expiry !== 'date') return {};
  const expiry = expiryOf(values, now);
  return expiry === null || new Date(expiry).getTime() <= now.getTime() ? { expiryDate: DATE_REQUIRED } : {};
}

export const keyBody = (values: KeyFormValues): CreateApiKeyBody => ({
  name: values.name.trim(),
  scopes: values.scopes,
  expires_at: expiryOf(values),
});
