import { useCallback } from 'react';
import { ApiError, useErrorModal } from 'shared-kit';

/**
 * SPEC §8 for product and release saves: the first entry of the answer's message in the error modal;
 * otherwise the error is only logged.
 */
export function useReportSaveError() {
  const showError = useErrorModal();
  return useCallback(
    (error: unknown) => {
      const message = error instanceof ApiError ? error.messages[0] : undefined;
      if (message) showError(message);
      else console.error('Saving failed:', error);
    },
    [showError],
  );
}
