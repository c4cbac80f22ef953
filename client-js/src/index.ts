// @producthub/client: verify ProductHub's signed documents offline and call its client API (docs/client-api.md).
export { ProductHubClient, type ProductHubClientOptions, type Signed, type Cached, type DeactivationReceipt, type MachineRequest } from './client';
export { ProductHubApiError, UntrustedAnswerError, DownloadIntegrityError } from './errors';
export { productPublicKey, PublicKeyFormatError } from './public-key';
export { canonicalBytes, type FieldKind, type SignedFields } from './canonical';
export { FORMAT_VERSION, type DocumentFormat, type Rejection, type Verification, type PublicKeyInput } from './signed-document';
export { LICENSE_FILE_FORMAT, verifyLicenseFile, type LicenseFile, type LicenseFileClaims, type MachineExpectations } from './license-file';
export { TRIAL_FILE_FORMAT, verifyTrialFile, type TrialFile, type TrialExpectations } from './trial-file';
export { STATE_DOCUMENT_FORMAT, verifyStateDocument, stateAllowsUse, type StateDocument, type StateExpectations } from './state-document';
export {
  REVOCATION_LIST_FORMAT,
  verifyRevocationList,
  findWithdrawal,
  type RevocationList,
  type RevokedLicense,
  type RevokedMachine,
  type Withdrawal,
  type RevocationExpectations,
} from './revocation-list';
export { UPDATE_ANSWER_FORMAT, verifyUpdateAnswer, type UpdateAnswer, type UpdateFile, type UpdateExpectations, type ClientOs } from './update-answer';
export type { DownloadedFile } from './download';
export { checkFreshness } from './bindings';
