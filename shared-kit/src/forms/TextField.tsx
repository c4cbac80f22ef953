import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Field, TextArea, TextInput } from 'shared-kit';
import { useBoundField } from './use-bound-field';

export interface TextFieldProps extends Omit<
  ComponentPropsWithoutRef<'input'>,
  'name' | 'onChange' | 'value' | 'defaultValue' | 'id'
> {
  /** The form value it edits. */
  name: string;
  label: string;
  info?: ReactNode;
  /** A three-row text area instead of a one-line input. */
  multiline?: boolean;
  /** What is kept of what the user types (e.g. upper case). */
  transform?: (text: string) => string;
  /** Told after each change, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}

/** A labelled text input of a `Form`, with its help popup and its error, wired for assistive technology. */
export function TextField({
  name,
  label,
  info,
  required,
  multiline = false,
  transform,
  onValueChange,
  ...inputProps
}: TextFieldProps) {
  const { field, error, controlProps } = useBoundField(name);
  const control = {
    ...controlProps,
    value: (field.value as string | undefined) ?? '',
    onChange: (event: { target: { value: string } }) => {
      const value = transform ? transform(event.target.value) : event.target.value;
      field.onChange(value);
      onValueChange?.(value);
    },
  };
  return (
    <Field label={label} htmlFor={controlProps.id} info={info} error={error} required={required}>
      {multiline ? (
        <TextArea
          {...control}
          rows={3}
          readOnly={inputProps.readOnly}
          maxLength={inputProps.maxLength}
          disabled={inputProps.disabled}
        />
      ) : (
        <TextInput {...control} required={required} {...inputProps} />
      )}
    </Field>
  );
}
