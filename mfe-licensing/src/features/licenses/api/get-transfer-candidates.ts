import { TRANSFER_USER_PICKER_SIZE, usePagedList, type EndUser } from 'shared-kit';

/** GET /users?email=…: the end users a licence can be transferred to, 100 per page (docs/console.md, Licence states). */
export function useTransferCandidates(
  email: string,
  page: number,
  perPage: number = TRANSFER_USER_PICKER_SIZE,
): ReturnType<typeof usePagedList<EndUser>> {
  return usePagedList<EndUser>('/users', { email, page, per_page: perPage });
}
