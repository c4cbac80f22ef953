import { fieldErrorId } from 'shared-kit';

/** What ties a field's control to its label and its error, for assistive technology. */
export const fieldControlProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? fieldErrorId(id) : undefined,
});
