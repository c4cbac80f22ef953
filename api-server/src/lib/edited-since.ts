import { conflict } from './http-error';

/** The message a stale save gets; `what` is e.g. 'this product'. */
export const editedElsewhere = (what: string) =>
  `Someone else changed ${what} after you opened it. Reload the page to see their changes, then edit again.`;

/**
 * The console sends back the `updated_at` of the object it loaded: a save based on an older version must not
 * silently overwrite what someone else saved in between (409). Callers that send no version are not checked.
 */
export function assertNotEditedSince(basedOn: string | undefined, stored: Date, what: string): void {
  if (basedOn !== undefined && new Date(basedOn).getTime() !== stored.getTime()) throw conflict(editedElsewhere(what));
}
