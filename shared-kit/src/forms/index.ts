// `shared-kit/forms`: its own entry, shared on its own, so form code is not loaded with the shell's sign-in.
// It reaches the kit through the `shared-kit` singleton, never a copy of its own.
export * from './TextField';
export * from './SelectField';
export * from './CheckboxField';
export * from './use-checked-submit';
export * from './SaveCancel';
