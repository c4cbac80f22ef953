import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Field, TextInput, fieldErrorId } from 'shared-kit';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  info?: ReactNode;
  error?: string;
}

/** A labelled text input with its help popup and its error, wired for assistive technology. */
export function TextField({ label, value, onValueChange, info, error, required, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id} info={info} error={error} required={required}>
      <TextInput
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...inputProps}
      />
    </Field>
  );
}
