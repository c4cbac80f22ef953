// signed-formats: the one definition of ProductHub's signed documents (field lists, canonical encoding, signing
// input and verification). Its public API is listed in api-report.md; `npm run api-report -w signed-formats` rewrites it.
export {
  canonicalBytes,
  fieldProblem,
  hasControlCharacter,
  signedPart,
  UnsignableValueError,
  type FieldKind,
  type SignedFields,
} from './canonical';
export { formatSignedTime, signedTimeMs } from './signed-time';
export { decodeBase64, productPublicKey, PublicKeyFormatError } from './public-key';
export {
  FORMAT_VERSION,
  signDocument,
  verifySignedDocument,
  type ClientApiFormat,
  type DocumentFormat,
  type DocumentSigner,
  type PrivateKeyInput,
  type PublicKeyInput,
  type Rejection,
  type SignedClientApiDocument,
  type SignedDocument,
  type Verification,
} from './signed-document';
export { checkBindings, checkFreshness } from './bindings';
export {
  DOCUMENTED_CLIENT_OSES,
  DOCUMENTED_DISABLE_REASONS,
  DOCUMENTED_LICENSE_TYPES,
  DOCUMENTED_SIGNATURE_SEED_VERSIONS,
  type ClientOs,
  type DisableReason,
  type LicenseType,
  type SignatureSeedVersion,
} from './documented-values';
export {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  LICENSE_FILE_V2_VERSION,
  verifyLicenseFile,
  type AnyLicenseFileClaims,
  type LicenseFile,
  type LicenseFileClaims,
  type LicenseFileV2,
  type LicenseFileV2Claims,
  type MachineExpectations,
} from './license-file';
export {
  licenseCoversRelease,
  licenseExpiresAt,
  licenseGraceEndsAt,
  licenseHasFeature,
  licenseIsExpired,
  licenseIsInGrace,
  licenseMaintenanceEndsAt,
  licenseTermsOf,
  type LicensedDocument,
} from './license-terms';
export type { LicenseFileVectorCase, LicenseFileVectors } from './license-file-vectors';
export { TRIAL_FILE_FORMAT, verifyTrialFile, type TrialFile, type TrialExpectations } from './trial-file';
export {
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  STATE_DOCUMENT_V2_VERSION,
  verifyStateDocument,
  stateAllowsUse,
  stateIsV2,
  type AnyStateDocument,
  type StateDocument,
  type StateDocumentV2,
  type StateExpectations,
} from './state-document';
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
export {
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  UPDATE_ANSWER_V2_VERSION,
  verifyUpdateAnswer,
  updateIsV2,
  updatesBeyondMaintenance,
  type AnyUpdateAnswer,
  type UpdateAnswer,
  type UpdateAnswerV2,
  type UpdateFile,
  type UpdateExpectations,
} from './update-answer';
export { LEASE_FORMAT, verifyLease, leaseHasFeature, type Lease, type LeaseExpectations } from './lease';
export { CLIENT_API_FORMATS, CLIENT_API_V2_FORMATS } from './client-api-formats';
export { LICENSE_TERMS_FIELDS, type LicenseTermsFacts } from './versioned-answer';
export {
  OFFLINE_REQUEST_FORMAT,
  OFFLINE_REQUEST_MAX_BYTES,
  OFFLINE_REQUEST_OPTIONAL_FIELDS,
  offlineRequestFields,
  offlineRequestChecksum,
  readOfflineRequest,
  writeOfflineRequest,
  type OfflineRequest,
  type OfflineRequestReading,
} from './offline-request';
