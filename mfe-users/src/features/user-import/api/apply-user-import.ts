import type { UserImportResult } from 'shared-kit';
import { resourceKey, useApiMutation, userKeys, type ApiMutation } from 'shared-kit/data';

const applyUserImport: ApiMutation<number, UserImportResult> = {
  name: 'apply-user-import',
  method: 'POST',
  path: (importId) => resourceKey('users', 'imports', importId, 'apply'),
  body: () => undefined,
  invalidates: () => [userKeys.lists()],
};

/** POST /users/imports/{id}/apply: every row or none; then every users list is fetched afresh. */
export const useApplyUserImport = () => useApiMutation<number, UserImportResult>(applyUserImport);
