import type { ClientApiFormat } from './signed-document';
import { LEASE_FORMAT } from './lease';
import { REVOCATION_LIST_FORMAT } from './revocation-list';
import { STATE_DOCUMENT_FORMAT, STATE_DOCUMENT_V2_FORMAT } from './state-document';
import { TRIAL_FILE_FORMAT } from './trial-file';
import { UPDATE_ANSWER_FORMAT, UPDATE_ANSWER_V2_FORMAT } from './update-answer';

/** The documents the client API signs (docs/client-api.md), beside the licence file of docs/licence-file.md. */
export const CLIENT_API_FORMATS: readonly ClientApiFormat[] = [
  TRIAL_FILE_FORMAT,
  STATE_DOCUMENT_FORMAT,
  REVOCATION_LIST_FORMAT,
  UPDATE_ANSWER_FORMAT,
  LEASE_FORMAT,
];

/** The version 2 answers a plugin asks for with `answer_version: 2`, each beside its version 1 above. */
export const CLIENT_API_V2_FORMATS: readonly ClientApiFormat[] = [STATE_DOCUMENT_V2_FORMAT, UPDATE_ANSWER_V2_FORMAT];
