import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, useErrorModal } from 'shared-kit';

/**
 * Runs a save, then leaves for `leaveTo`. A failure is reported as SPEC §8 asks of product and release saves
 * (the first entry of the answer's message in the error modal; otherwise only logged) and passed on, so the
 * form stays as typed.
 */
export function useSaveThenLeave() {
  const navigate = useNavigate();
  const showError = useErrorModal();
  return useCallback(
    async (save: () => Promise<unknown>, leaveTo: string) => {
      try {
        await save();
      } catch (error) {
        const message = error instanceof ApiError ? error.messages[0] : undefined;
        if (message) showError(message);
        else console.error('Saving failed:', error);
        throw error;
      }
      navigate(leaveTo);
    },
    [navigate, showError],
  );
}
