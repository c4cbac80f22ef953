import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { fieldErrorId } from 'shared-kit';

/** A field bound by name to the surrounding `Form`, with what ties its control to its label and its error. */
export function useBoundField(name: string) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const { clearErrors } = useFormContext();
  const error = fieldState.error?.message;
  return {
    field: {
      ...field,
      // A field's message goes as soon as the field is edited; the next submit checks it again.
      onChange: (value: unknown) => {
        field.onChange(value);
        if (error) clearErrors(name);
      },
    },
    error,
    controlProps: {
      id,
      name: field.name,
      ref: field.ref,
      onBlur: field.onBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? fieldErrorId(id) : undefined,
    },
  };
}
