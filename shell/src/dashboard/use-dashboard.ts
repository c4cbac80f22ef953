import useSWR from 'swr';
import { useApiClient, usePagedList, type AuditEvent, type Dashboard, type PagedListResult } from 'shared-kit';

export type DashboardDays = 30 | 90;

export const RECENT_ACTIVITY_COUNT = 10;

/** GET /dashboard for a period; a failed fetch leaves `data` empty and sets `error`. */
export function useDashboard(days: DashboardDays) {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<Dashboard>(
    ['/dashboard', { days }] as const,
    ([path, query]: readonly [string, { days: number }]) => api.get<Dashboard>(path, query),
  );
  return { data: error ? undefined : data, error: error as Error | undefined, isLoading, retry: () => mutate() };
}

/** The tenant's newest audit events (the first page of History). */
export const useRecentActivity = (): PagedListResult<AuditEvent> =>
  usePagedList<AuditEvent>('/audit-events', { per_page: RECENT_ACTIVITY_COUNT });
