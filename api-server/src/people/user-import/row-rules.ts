import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EMAIL_INVALID, EXTERNAL_ID_TOO_LONG, EndUserBody, emailProblem } from 'shared-kit/contract';
import { describeValidationIssue } from '../../plugins/error-handler';
import { textKeyword } from '../../plugins/text-keyword';

// The very schema POST /users validates with, compiled as the server compiles it (Ajv with ajv-formats, our
// text keyword), so a row is refused exactly when the form's request would be.
const ajv = new Ajv({ allErrors: false, keywords: [textKeyword] });
addFormats(ajv);
const validEndUser = ajv.compile(EndUserBody);

/**
 * Why POST /users would refuse this user, or null; in the words the user form shows for the same value (a person
 * correcting a row reads what the form would tell them), the schema's own words for anything the form cannot type.
 */
export function endUserProblem(email: string, externalId: string | null): string | null {
  if (validEndUser({ email, external_id: externalId })) return null;
  const issue = validEndUser.errors?.[0];
  if (!issue) return 'the user is not valid';
  if (issue.instancePath === '/email' && (issue.keyword === 'format' || issue.keyword === 'maxLength'))
    return emailProblem(email) ?? EMAIL_INVALID;
  if (issue.instancePath === '/external_id' && issue.keyword === 'maxLength') return EXTERNAL_ID_TOO_LONG;
  return describeValidationIssue(issue, 'body');
}
