// @producthub/client: verify ProductHub's signed documents offline and call its client API (docs/client-api.md).
// The formats and their verifiers are signed-formats' (one definition with the server); the build copies that
// package into dist/signed-formats, so the library needs nothing but Node at run time.
export {
  ProductHubClient,
  type ProductHubClientOptions,
  type Signed,
  type Cached,
  type DeactivationReceipt,
  type MachineRequest,
} from './client';
export {
  createOfflineRequest,
  installOfflineAnswer,
  type OfflineRequestInput,
  type OfflineAnswerExpectations,
} from './offline';
export { ProductHubApiError, UntrustedAnswerError, DownloadIntegrityError } from './errors';
export {
  BrowserActivationError,
  type BrowserActivationFailure,
  type BrowserActivationPoll,
  type BrowserActivationRequest,
} from './browser-activation';
export {
  productPublicKey,
  PublicKeyFormatError,
  canonicalBytes,
  FORMAT_VERSION,
  LICENSE_FILE_FORMAT,
  verifyLicenseFile,
  TRIAL_FILE_FORMAT,
  verifyTrialFile,
  STATE_DOCUMENT_FORMAT,
  verifyStateDocument,
  stateAllowsUse,
  REVOCATION_LIST_FORMAT,
  verifyRevocationList,
  findWithdrawal,
  UPDATE_ANSWER_FORMAT,
  verifyUpdateAnswer,
  checkFreshness,
  type FieldKind,
  type SignedFields,
  type DocumentFormat,
  type Rejection,
  type Verification,
  type PublicKeyInput,
  type LicenseFile,
  type LicenseFileClaims,
  type MachineExpectations,
  type TrialFile,
  type TrialExpectations,
  type StateDocument,
  type StateExpectations,
  type RevocationList,
  type RevokedLicense,
  type RevokedMachine,
  type Withdrawal,
  type RevocationExpectations,
  type UpdateAnswer,
  type UpdateFile,
  type UpdateExpectations,
  type ClientOs,
  OFFLINE_REQUEST_FORMAT,
  readOfflineRequest,
  type OfflineRequest,
} from 'signed-formats';
export type { DownloadedFile } from './download';
