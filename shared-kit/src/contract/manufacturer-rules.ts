import { COUNTRY_CODE_MAX_LENGTH } from '../constants';
import { isEmail } from './email-rule';

// No TypeBox here: the console uses these rules too, and should not have to ship the schema library for them.

export const MANUFACTURER_NAME_MAX_LENGTH = 200;
export const MANUFACTURER_FIELD_MAX_LENGTHS = { address: 1000, phone: 50, email: 320, vat_id: 50 } as const;

// The rules of a manufacturer's editable fields, shared by the server and the details form.
export const MANUFACTURER_NAME_REQUIRED = 'Name is required.';
export const MANUFACTURER_EMAIL_INVALID = 'Email must be a valid email address, e.g. info@example.com.';
export const MANUFACTURER_COUNTRY_CODE_INVALID = `Country Code must be ${COUNTRY_CODE_MAX_LENGTH} letters, e.g. US, DE, UK.`;

const COUNTRY_CODE_PATTERN = new RegExp(`^[A-Za-z]{${COUNTRY_CODE_MAX_LENGTH}}$`);

export type ManufacturerRuleField = 'name' | 'email' | 'country_code';
export type ManufacturerFieldProblems = Partial<Record<ManufacturerRuleField, string>>;

/** What is wrong with the fields present in `fields` (absent fields are not being changed). */
export function manufacturerFieldProblems(
  fields: Partial<Record<ManufacturerRuleField, string | null>>,
): ManufacturerFieldProblems {
  const problems: ManufacturerFieldProblems = {};
  if (fields.name !== undefined && !fields.name?.trim()) problems.name = MANUFACTURER_NAME_REQUIRED;
  const email = fields.email?.trim();
  if (email && !isEmail(email)) problems.email = MANUFACTURER_EMAIL_INVALID;
  const countryCode = fields.country_code?.trim();
  if (countryCode && !COUNTRY_CODE_PATTERN.test(countryCode)) problems.country_code = MANUFACTURER_COUNTRY_CODE_INVALID;
  return problems;
}
