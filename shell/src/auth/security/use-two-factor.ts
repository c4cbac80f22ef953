import useSWR from 'swr';
import {
  useApiClient,
  type FactorProofBody,
  type RecoveryCodes,
  type TotpEnrolment,
  type TwoFactorStatus,
} from 'shared-kit';

export const TWO_FACTOR_PATH = '/systemusers/me/two-factor';

/** The signed-in user's factors and the calls that change them (the status is read again after each). */
export function useTwoFactor() {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<TwoFactorStatus>(TWO_FACTOR_PATH, (path: string) =>
    api.get<TwoFactorStatus>(path),
  );
  const changing =
    <Args extends unknown[], Answer>(call: (...args: Args) => Promise<Answer>) =>
    async (...args: Args) => {
      const answer = await call(...args);
      await mutate();
      return answer;
    };
  return {
    status: data,
    error: error as Error | undefined,
    isLoading,
    begin: () => api.post<TotpEnrolment>(`${TWO_FACTOR_PATH}/totp`, {}),
    confirm: changing((code: string) => api.post<RecoveryCodes>(`${TWO_FACTOR_PATH}/totp/confirm`, { code })),
    renewCodes: changing((proof: FactorProofBody) =>
      api.post<RecoveryCodes>(`${TWO_FACTOR_PATH}/recovery-codes`, proof),
    ),
    disable: changing((proof: FactorProofBody) => api.post<TwoFactorStatus>(`${TWO_FACTOR_PATH}/totp/disable`, proof)),
  };
}
