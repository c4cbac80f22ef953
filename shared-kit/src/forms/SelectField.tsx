import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Field, Select } from 'shared-kit';
import { fieldControlProps } from './field-control';

export interface SelectFieldProps extends Omit<ComponentPropsWithoutRef<'select'>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  info?: ReactNode;
  error?: string;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled choice with its help popup and its error, wired for assistive technology. */
export function SelectField({ label, value, onValueChange, info, error, required, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id} info={info} error={error} required={required}>
      <Select
        {...fieldControlProps(id, error)}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        required={required}
        {...selectProps}
      >
        {children}
      </Select>
    </Field>
  );
}
