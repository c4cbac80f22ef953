// `shared-kit/data`: its own entry, shared on its own, so the shell's start-up (sign-in) does not load it. It
// reaches the kit's services through the `shared-kit` singleton, never a copy of its own.
export * from './api-key';
export * from './keys';
export * from './use-api-mutation';
export * from './use-row-selection';
export * from './use-list-controller';
export * from './history';
export * from './export';
