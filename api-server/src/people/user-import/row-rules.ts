import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EndUserBody } from 'shared-kit/contract';
import { describeValidationIssue } from '../../plugins/error-handler';
import { textKeyword } from '../../plugins/text-keyword';

// The very schema POST /users validates with, compiled as the server compiles it (Ajv with ajv-formats, our
// text keyword), so a row is refused exactly when the form's request would be, in the same words.
const ajv = new Ajv({ allErrors: false, keywords: [textKeyword] });
addFormats(ajv);
const validEndUser = ajv.compile(EndUserBody);

/** Why POST /users would refuse this user, or null. */
export function endUserProblem(email: string, externalId: string | null): string | null {
  if (validEndUser({ email, external_id: externalId })) return null;
  const issue = validEndUser.errors?.[0];
  return issue ? describeValidationIssue(issue, 'body') : 'the user is not valid';
}
