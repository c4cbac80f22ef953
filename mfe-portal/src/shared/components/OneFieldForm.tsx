import { useId, useRef, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { Button, ErrorText, Field, TextInput, fieldErrorId } from 'shared-kit';

export interface OneFieldFormProps {
  /** The form's accessible name. */
  formLabel: string;
  label: string;
  submitText: string;
  inputProps?: Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'value' | 'defaultValue' | 'onChange'>;
  defaultValue?: string;
  /** Focus the field when the form appears (a step that replaced another, so the keyboard carries on in it). */
  autoFocus?: boolean;
  /** The field's problem in the catalogue's words (the rule the server applies to the same body), or null. */
  problemOf: (value: string) => string | null;
  /** Sends the value; a rejection is shown with the form as `failedText(error)` (the server's words). */
  onSubmit: (value: string) => Promise<unknown>;
  failedText: (error: unknown) => string;
}

/**
 * The portal's sign-in forms: one field, checked by the rule the server applies, then sent; pending, the field's
 * problem and the server's refusal in place. Not `shared-kit/forms`: react-hook-form would take the portal's first
 * load past its 150 KB budget (docs/portal.md), and one field needs none of it.
 */
export function OneFieldForm({
  formLabel,
  label,
  submitText,
  inputProps,
  defaultValue = '',
  autoFocus = false,
  problemOf,
  onSubmit,
  failedText,
}: OneFieldFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = problemOf(value);
    setProblem(found);
    setFailure(null);
    if (found) return input.current?.focus();
    setPending(true);
    try {
      await onSubmit(value);
    } catch (error) {
      console.error(`${formLabel} failed:`, error);
      setFailure(failedText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form aria-label={formLabel} noValidate onSubmit={submit}>
      <Field label={label} htmlFor={id} error={problem ?? undefined} required>
        <TextInput
          {...inputProps}
          ref={input}
          id={id}
          autoFocus={autoFocus}
          required
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? fieldErrorId(id) : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
        />
      </Field>
      {failure && <ErrorText>{failure}</ErrorText>}
      <div>
        <Button type="submit" variant="primary" disabled={pending}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
