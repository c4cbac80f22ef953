import { Field, TextInput } from 'shared-kit';

/** A field the form shows but never edits. */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field label={label} htmlFor={id}>
      <TextInput id={id} value={value} readOnly />
    </Field>
  );
}
