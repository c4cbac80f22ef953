import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  END_USER_EXTERNAL_ID_MAX_LENGTH,
  EXTERNAL_ID_TOO_LONG,
  emailProblem,
  type EndUserBody,
} from 'shared-kit';
import type { ContractRules } from 'shared-kit/forms';

/** What the user form edits; an empty external ID is sent as null. */
export interface UserFormValues {
  email: string;
  externalId: string;
}

export const toEndUserBody = (values: UserFormValues): EndUserBody => ({
  email: values.email.trim(),
  external_id: values.externalId.trim() || null,
});

export { EMAIL_INVALID, EMAIL_REQUIRED };

/** The user form checked as the server checks POST/PATCH /users: the contract's email format, in the console's words (docs/console.md, User form). */
export const userFormContract: ContractRules<UserFormValues, EndUserBody> = {
  // Loaded with the first check: the schema library stays out of the remote's first load.
  schema: () => import('shared-kit/contract').then((contract) => contract.EndUserBody),
  toBody: toEndUserBody,
  fieldOf: { external_id: 'externalId' },
  // The same words as each row of an import (shared-kit/src/contract/email-rule.ts).
  messages: {
    email: { empty: EMAIL_REQUIRED, invalid: (email) => emailProblem(email) ?? EMAIL_INVALID },
    externalId: {
      empty: '',
      invalid: (id, contractText) =>
        id.trim().length > END_USER_EXTERNAL_ID_MAX_LENGTH ? EXTERNAL_ID_TOO_LONG : contractText,
    },
  },
};
