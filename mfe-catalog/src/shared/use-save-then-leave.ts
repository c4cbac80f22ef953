import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, useErrorModal, useSaveNotice, type SavedRecord } from 'shared-kit';
import type { ApiMutationState } from 'shared-kit/data';

export interface AfterSave<Result> {
  /** Where the save goes (docs/console.md); left out, the page stays on the saved record. */
  leaveTo?: string | ((saved: Result) => string);
  /** The confirmation naming the saved record, with a link back to it when the save leaves it. */
  saved: (saved: Result) => SavedRecord;
}

/**
 * Saves with `mutation`, then confirms it (a toast announced to screen readers) and goes where `after` says; the
 * returned save rejects when saving failed, so the form stays as typed. A failure is reported as docs/console.md
 * (Errors) says of product and release saves (the first entry of the answer's message in the error modal; otherwise
 * only logged) once the mutation's state holds it, when the form is already usable again.
 */
export function useSaveThenLeave<Arg, Result>(mutation: ApiMutationState<Arg, Result>) {
  const navigate = useNavigate();
  const showError = useErrorModal();
  const notify = useSaveNotice();
  const { error, trigger } = mutation;
  useEffect(() => {
    if (!error) return;
    const message = error instanceof ApiError ? error.messages[0] : undefined;
    if (message) showError(message);
    else console.error('Saving failed:', error);
  }, [error, showError]);
  return useCallback(
    async (arg: Arg, after: AfterSave<Result>) => {
      const result = await trigger(arg);
      notify(after.saved(result));
      const { leaveTo } = after;
      if (leaveTo !== undefined) navigate(typeof leaveTo === 'string' ? leaveTo : leaveTo(result));
    },
    [trigger, navigate, notify],
  );
}
