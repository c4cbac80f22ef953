import useSWR from 'swr';
import { useApiClient, type SessionsEnded, type StaffSessionList } from 'shared-kit';

export const MY_SESSIONS_PATH = '/systemusers/me/sessions';

/** The signed-in user's live sessions, and ending one of them or all others (the list is read again after). */
export function useMySessions() {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<StaffSessionList>(MY_SESSIONS_PATH, (path: string) =>
    api.get<StaffSessionList>(path),
  );
  return {
    sessions: data?.data ?? [],
    error: error as Error | undefined,
    isLoading,
    endOne: async (id: number) => {
      await api.delete(`${MY_SESSIONS_PATH}/${id}`);
      await mutate();
    },
    endOthers: async () => {
      const { ended } = await api.delete<SessionsEnded>(MY_SESSIONS_PATH);
      await mutate();
      return ended;
    },
  };
}
