export * from './api-key';
export * from './keys';
export * from './use-api-mutation';
