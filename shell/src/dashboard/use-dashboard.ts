import useSWR from 'swr';
import { useApiClient, usePagedList, type AuditEvent, type Dashboard, type PagedListResult } from 'shared-kit';

export type DashboardDays = 30 | 90;

export const RECENT_ACTIVITY_COUNT = 10;
/** The most events "More" shows: the largest page the API serves. */
export const MOST_ACTIVITY_SHOWN = 250;

/** GET /dashboard for a period; a failed fetch leaves `data` empty and sets `error`. */
export function useDashboard(days: DashboardDays) {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<Dashboard>(
    ['/dashboard', { days }] as const,
    ([path, query]: readonly [string, { days: number }]) => api.get<Dashboard>(path, query),
  );
  return { data: error ? undefined : data, error: error as Error | undefined, isLoading, retry: () => mutate() };
}

/** The newest `count` audit events (the first page of History): the tenant's, or the platform's for the superuser. */
export const useRecentActivity = (count: number = RECENT_ACTIVITY_COUNT): PagedListResult<AuditEvent> =>
  usePagedList<AuditEvent>('/audit-events', { per_page: count });
