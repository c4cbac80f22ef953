// The console's side of shared-kit. Server code imports `shared-kit/contract` only. The data layer (key
// factories, mutations, list controller) is `shared-kit/data`: the remotes use it, the shell's sign-in does not load it.
// `useRemoteModule` is `shared-kit/remote-module`, no shared module: the shell's console and one remote's later page
// bundle it, so neither the sign-in nor a remote's first page carries it.
export * from './constants';
export type * from './contract';
export { EMAIL_INVALID, EMAIL_REQUIRED, emailProblem, isEmail } from './contract/email-rule';
export { END_USER_EXTERNAL_ID_MAX_LENGTH, EXTERNAL_ID_TOO_LONG } from './contract/end-user-words';
export * from './contract/portal-constants';
export * from './contract/user-code';
export { BUYER_MAILS, BUYER_MAIL_WORDS, type BuyerMail } from './contract/buyer-mail-words';
export * from './api/api-client';
export * from './api/api-error';
export * from './api/query-string';
export * from './services/shell-services';
export * from './services/list-state-store';
export * from './hooks/use-list-state';
export * from './hooks/use-api-data';
export * from './hooks/use-id-param';
export * from './hooks/use-can';
export * from './hooks/permitted-section';
export { roleCannot, roleMay, STAFF_ROLE_NAMES } from './contract/staff-permissions';
export * from './ui';
export * from './format';
export * from './federation';
export * from './embedding/create-remote-mount';
export * from './embedding/define-remote';
export * from './embedding/remote-loader';
export * from './embedding/RemoteProviders';
export * from './embedding/ErrorModal';
