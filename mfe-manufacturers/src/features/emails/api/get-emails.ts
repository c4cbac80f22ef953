import type { EmailStatus, ListState } from 'shared-kit';
import { emailKeys } from 'shared-kit/data';

export interface EmailFilter {
  status: EmailStatus | '';
  kind: string;
}

/** GET /manufacturers/{id}/emails: one page of the log, newest first; the list's search is the recipient. */
export const emailsKey =
  (manufacturerId: number, filter: EmailFilter) =>
  ({ page, perPage, search }: ListState) =>
    emailKeys.list(manufacturerId, {
      page,
      per_page: perPage,
      status: filter.status,
      kind: filter.kind.trim(),
      recipient: search,
    });
