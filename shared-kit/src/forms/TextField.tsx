import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Field, TextInput } from 'shared-kit';
import { fieldControlProps } from './field-control';

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
        {...fieldControlProps(id, error)}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        required={required}
        {...inputProps}
      />
    </Field>
  );
}
