import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Field, Select } from 'shared-kit';
import { useBoundField } from './use-bound-field';

export interface SelectFieldProps extends Omit<
  ComponentPropsWithoutRef<'select'>,
  'name' | 'onChange' | 'value' | 'defaultValue' | 'id'
> {
  /** The form value it edits. */
  name: string;
  label: string;
  info?: ReactNode;
  /** Told after each change, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled choice of a `Form`, with its help popup and its error, wired for assistive technology. */
export function SelectField({
  name,
  label,
  info,
  required,
  onValueChange,
  children,
  ...selectProps
}: SelectFieldProps) {
  const { field, error, controlProps } = useBoundField(name);
  return (
    <Field label={label} htmlFor={controlProps.id} info={info} error={error} required={required}>
      <Select
        {...controlProps}
        value={(field.value as string | undefined) ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValueChange?.(event.target.value);
        }}
        required={required}
        {...selectProps}
      >
        {children}
      </Select>
    </Field>
  );
}
