import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface CheckedSubmitOptions<Values, Errors extends object> {
  values: Values;
  /** What the server would refuse, said before the round trip: one message per field. */
  validate: (values: Values) => Errors;
  /** Rejects when saving failed; the failure has been reported and the form stays as typed. */
  onSave: (values: Values) => Promise<void>;
  /** False while a rule outside the fields (shown elsewhere) forbids saving. */
  canSubmit?: boolean;
}

/**
 * The submit of every form: check the values, show each field's message and focus the first field that needs
 * attention, or save. Spread `formProps` on the <form>.
 */
export function useCheckedSubmit<Values, Errors extends object>({ values, validate, onSave, canSubmit = true }: CheckedSubmitOptions<Values, Errors>) {
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    await onSave(values).catch(() => undefined);
  };

  return { errors, formProps: { ref, noValidate: true, onSubmit } };
}
