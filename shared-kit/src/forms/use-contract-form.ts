import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from 'shared-kit';
import { contractResolver, type ContractRules } from './contract-resolver';

export interface ContractFormOptions<Values extends FieldValues, Body> extends ContractRules<Values, Body> {
  defaultValues: Values;
  /** Saves the checked body; rejects when saving failed, and the form stays as typed. */
  onSubmit: (body: Body, values: Values) => Promise<unknown>;
  /** The save's pending state (useApiMutation's `isMutating`): meanwhile submit is disabled and ignored. */
  pending?: boolean;
  /**
   * Shown with the form when saving fails: the server's first message, else this text. Without it the failure
   * is the caller's to report (the catalog's error modal).
   */
  failedText?: string | ((error: unknown) => string);
  /** False while a rule outside the fields (shown elsewhere) forbids saving these values. */
  canSubmit?: (values: Values) => boolean;
}

export interface ContractForm<Values extends FieldValues> {
  methods: UseFormReturn<Values>;
  /** Spread on the <form> (or pass the whole form to `Form`). */
  formProps: { noValidate: true; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  pending: boolean;
  /** Why the last save failed, as the form shows it; null after a new attempt. */
  failure: string | null;
  /** Forgets the failure (the form was left or started afresh). */
  dismissFailure: () => void;
}

/**
 * One form on react-hook-form, checked with the contract's schema of the body it sends (so the console refuses
 * what the server refuses, in the console's words), focusing the first field that needs attention, then saved.
 */
export function useContractForm<Values extends FieldValues, Body>(
  options: ContractFormOptions<Values, Body>,
): ContractForm<Values> {
  const { defaultValues, onSubmit, pending = false, failedText, canSubmit, ...rules } = options;
  const methods = useForm<Values>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: contractResolver(rules),
    // Checked again on the next submit; meanwhile a field's message goes as soon as the field is edited.
    reValidateMode: 'onSubmit',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = pending || methods.formState.isSubmitting;

  const save = methods.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(rules.toBody(values), values);
    } catch (error) {
      if (failedText === undefined) return;
      console.error('Saving failed:', error);
      setFailure(typeof failedText === 'function' ? failedText(error) : errorMessage(error, failedText));
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || (canSubmit && !canSubmit(methods.getValues()))) return;
    void save(event);
  };

  return {
    methods,
    formProps: { noValidate: true, onSubmit: submit },
    pending: busy,
    failure,
    dismissFailure: () => setFailure(null),
  };
}
