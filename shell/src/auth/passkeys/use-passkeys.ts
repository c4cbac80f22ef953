import useSWR from 'swr';
import {
  useApiClient,
  type FactorProofBody,
  type FreshFactorBody,
  type Passkey,
  type PasskeyList,
  type PasskeyOptions,
  type PasskeyProofBody,
} from 'shared-kit';
import { answerWithPasskey, createPasskey } from './passkey-ceremony';

export const PASSKEYS_PATH = '/systemusers/me/passkeys';

/** The signed-in user's passkeys and the calls that change them (the list is read again after each). */
export function usePasskeys() {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<PasskeyList>(PASSKEYS_PATH, (path: string) =>
    api.get<PasskeyList>(path),
  );
  return {
    passkeys: data?.passkeys,
    error: error as Error | undefined,
    isLoading,
    /**
     * Makes a passkey named `name`. Where a factor is on, the fresh factor first: the app's `code` when given,
     * else one of the user's passkeys answers a proof challenge.
     */
    add: async (name: string, proof: { code?: string; factorOn: boolean }) => {
      const byPasskey = !proof.code && proof.factorOn;
      const proofOptions = () => api.post<PasskeyOptions>(`${PASSKEYS_PATH}/proof-options`, {});
      const withPasskey = async (): Promise<PasskeyProofBody> => ({
        passkey: await answerWithPasskey(await proofOptions()),
      });
      const withCode: FreshFactorBody = proof.code ? { code: proof.code } : {};
      const options = byPasskey
        ? await api.post<PasskeyOptions>(`${PASSKEYS_PATH}/registration-options/with-passkey`, await withPasskey())
        : await api.post<PasskeyOptions>(`${PASSKEYS_PATH}/registration-options`, withCode);
      const response = await createPasskey(options);
      const added = await api.post<Passkey>(PASSKEYS_PATH, { name, response });
      await mutate();
      return added;
    },
    remove: async (id: number, proof: FactorProofBody) => {
      const answer = await api.post<PasskeyList>(`${PASSKEYS_PATH}/${id}/remove`, proof);
      await mutate(answer, { revalidate: false });
      return answer;
    },
  };
}
