// The API contract: TypeBox schemas the server validates with, and the types the console compiles against.
// One file per resource, owned by the area that serves it.
export * from '../constants';
export * from './common';
export * from './error-responses';
export * from './http-url';
export * from './email-rule';
export * from './auth';
export * from './manufacturers';
export * from './products';
export * from './builds';
export * from './releases';
export * from './channels';
export * from './users';
export * from './licenses';
export * from './policies';
export * from './trials';
export * from './clients';
export * from './webhooks';
export * from './audit-events';
export * from './exports';
export * from './user-imports';
export * from './dashboard';
export * from './portal';
export * from './emails';
export * from './portal-offline';
