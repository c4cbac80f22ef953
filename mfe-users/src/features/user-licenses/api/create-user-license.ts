import { type CreateUserLicenseBody, type License } from 'shared-kit';
import { licenseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface UserLicenseCreation {
  userId: number;
  body: CreateUserLicenseBody;
}

const createUserLicense: ApiMutation<UserLicenseCreation, License> = {
  name: 'create-user-license',
  method: 'POST',
  path: ({ userId }) => [licenseKeys.list({ userId }, {})[0]],
  body: ({ body }) => body,
  invalidates: ({ userId }) => [licenseKeys.listsOf({ userId })],
};

/** POST /users/{id}/licenses, then the user's licence lists are fetched afresh. */
export const useCreateUserLicense = () => useApiMutation(createUserLicense);
