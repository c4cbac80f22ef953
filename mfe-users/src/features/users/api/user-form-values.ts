import type { EndUserBody } from 'shared-kit';

/** What the user form edits; an empty external ID is sent as null. */
export interface UserFormValues {
  email: string;
  externalId: string;
}

export const toEndUserBody = (values: UserFormValues): EndUserBody => ({
  email: values.email.trim(),
  external_id: values.externalId.trim() || null,
});
