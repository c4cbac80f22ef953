import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useApiClient, type ApiClient } from 'shared-kit';
import { inScope, type ApiKey, type KeyScope, type ResourceKey } from './api-key';

type Request<Arg> =
  | { method: 'POST' | 'PATCH' | 'PUT'; path: (arg: Arg) => ResourceKey; body: (arg: Arg) => unknown }
  | { method: 'DELETE'; path: (arg: Arg) => ResourceKey };

export type ApiMutation<Arg, Result> = (
  | Request<Arg>
  /** For a change that takes several calls (e.g. channels, then the release). */
  | { run: (api: ApiClient, arg: Arg) => Promise<Result> }
) & {
  /** Names the mutation in SWR's devtools; not a cache key of any answer. */
  name: string;
  /** The cached answers the change makes stale, from the key factories: scopes, or keys (any query of their path). */
  invalidates: (arg: Arg) => (KeyScope | ApiKey)[];
  /** Also after a failure, when part of the change may have happened. */
  invalidateOnFailure?: boolean;
};

function send<Arg, Result>(api: ApiClient, mutation: ApiMutation<Arg, Result>, arg: Arg): Promise<Result> {
  if ('run' in mutation) return mutation.run(api, arg);
  const [path] = mutation.path(arg);
  return mutation.method === 'DELETE'
    ? api.delete<Result>(path)
    : mutation.method === 'POST'
      ? api.post<Result>(path, mutation.body(arg))
      : mutation.method === 'PUT'
        ? api.put<Result>(path, mutation.body(arg))
        : api.patch<Result>(path, mutation.body(arg));
}

export interface ApiMutationState<Arg, Result> {
  /** Sends the change; rejects with the API's error. */
  trigger: (arg: Arg) => Promise<Result>;
  /** From `trigger` until the change and the fresh answers are in. */
  isMutating: boolean;
  error: Error | undefined;
  reset: () => void;
}

/**
 * One API change with its pending and error state (SWR's useSWRMutation): `trigger(arg)` sends it, then every
 * cached answer in `invalidates` is fetched afresh; `trigger` rejects with the API's error.
 */
export function useApiMutation<Arg, Result>(mutation: ApiMutation<Arg, Result>): ApiMutationState<Arg, Result> {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const invalidate = useCallback(
    (arg: Arg) => {
      const scopes = mutation.invalidates(arg);
      return mutate((key) => scopes.some((keyScope) => inScope(keyScope, key)), undefined, { revalidate: true });
    },
    [mutate, mutation],
  );
  const { trigger, isMutating, error, reset } = useSWRMutation<Result, Error, string, Arg>(
    `mutation:${mutation.name}`,
    async (_key: string, { arg }: { arg: Arg }) => {
      let result: Result;
      try {
        result = await send(api, mutation, arg);
      } catch (error) {
        if (mutation.invalidateOnFailure) await invalidate(arg);
        throw error;
      }
      await invalidate(arg);
      return result;
    },
    { populateCache: false, revalidate: false, throwOnError: true },
  );
  // SWR types `trigger` as a union over whether `Arg` may be left out; every mutation here takes its argument.
  return { trigger: trigger as (arg: Arg) => Promise<Result>, isMutating, error, reset };
}
