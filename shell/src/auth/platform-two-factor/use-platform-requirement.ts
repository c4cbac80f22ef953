import useSWR from 'swr';
import { useApiClient, type TwoFactorRequirement } from 'shared-kit';

export const PLATFORM_REQUIREMENT_PATH = '/platform/two-factor-requirement';

/** Whether every system user must sign in with two factors (the Super User's), and the call that sets it. */
export function usePlatformRequirement() {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<TwoFactorRequirement>(PLATFORM_REQUIREMENT_PATH, (path: string) =>
    api.get<TwoFactorRequirement>(path),
  );
  return {
    requirement: data,
    error: error as Error | undefined,
    isLoading,
    reload: () => void mutate(),
    save: async (required: boolean) =>
      mutate(await api.put<TwoFactorRequirement>(PLATFORM_REQUIREMENT_PATH, { required }), { revalidate: false }),
  };
}
