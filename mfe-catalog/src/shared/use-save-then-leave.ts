import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, useErrorModal } from 'shared-kit';
import type { ApiMutationState } from 'shared-kit/data';

/**
 * Saves with `mutation`, then leaves for `leaveTo`; the returned save rejects when saving failed, so the form
 * stays as typed. A failure is reported as docs/console.md (Errors) says of product and release saves (the first entry of the
 * answer's message in the error modal; otherwise only logged) once the mutation's state holds it, when the form
 * is already usable again.
 */
export function useSaveThenLeave<Arg>(mutation: ApiMutationState<Arg, unknown>) {
  const navigate = useNavigate();
  const showError = useErrorModal();
  const { error, trigger } = mutation;
  useEffect(() => {
    if (!error) return;
    const message = error instanceof ApiError ? error.messages[0] : undefined;
    if (message) showError(message);
    else console.error('Saving failed:', error);
  }, [error, showError]);
  return useCallback(
    async (arg: Arg, leaveTo: string) => {
      await trigger(arg);
      navigate(leaveTo);
    },
    [trigger, navigate],
  );
}
