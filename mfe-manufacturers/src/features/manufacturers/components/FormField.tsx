import type { ChangeEvent, HTMLInputTypeAttribute, Ref } from 'react';
import { Field, TextArea, TextInput, fieldErrorId } from 'shared-kit';

export interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  readOnly: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
  required?: boolean;
  /** A three-row text area (the address) instead of a one-line input. */
  multiline?: boolean;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** One editable field of the manufacturer form, read-only until Edit, with its problem under it. */
export function FormField({ id, label, error, required = false, multiline = false, inputRef, ...control }: FormFieldProps) {
  const describedBy = error ? fieldErrorId(id) : undefined;
  return (
    <Field label={label} htmlFor={id} error={error} required={required}>
      {multiline ? (
        <TextArea id={id} rows={3} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...control} />
      ) : (
        <TextInput
          id={id}
          ref={inputRef}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...control}
        />
      )}
    </Field>
  );
}

/** A field the form shows but never edits. */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field label={label} htmlFor={id}>
      <TextInput id={id} value={value} readOnly />
    </Field>
  );
}
