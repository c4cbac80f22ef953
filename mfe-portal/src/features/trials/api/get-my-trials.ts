import { usePagedList, type PagedListResult, type PortalTrial } from 'shared-kit';

/** GET /portal/trials: the trials on the signed-in customer's machines, newest first. */
export const myTrialsKey = (page: number) => ['/portal/trials', { page }] as const;

export const useMyTrials = (page: number): PagedListResult<PortalTrial> => usePagedList<PortalTrial>(myTrialsKey(page));
