// `shared-kit/forms`: its own entry, shared on its own, so form code is not loaded with the shell's sign-in.
// It reaches the kit through the `shared-kit` singleton, never a copy of its own.
export * from './use-contract-form';
export { contractErrors, type ContractRules, type FieldMessage } from './contract-resolver';
export * from './Form';
export * from './TextField';
export * from './SelectField';
export * from './CheckboxField';
export * from './CheckboxGroupField';
export * from './use-bound-field';
export * from './SaveCancel';
// Remotes reach react-hook-form only through here: one copy, so a field and its form share one context.
export { useFormContext, useWatch } from 'react-hook-form';
