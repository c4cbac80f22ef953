/** @jest-environment node */
import { describeValidationIssue } from './error-handler';

describe('describeValidationIssue', () => {
  it('names the missing field', () => {
    expect(describeValidationIssue({ instancePath: '', keyword: 'required', params: { missingProperty: 'email' } }, 'body')).toBe('email is required');
  });
  it('names a field that is not allowed', () => {
    expect(describeValidationIssue({ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'role' } }, 'body')).toBe('role is not allowed');
  });
  it('puts the field before the rule', () => {
    expect(
      describeValidationIssue({ instancePath: '/country_code', keyword: 'pattern', message: 'must match pattern "^[A-Za-z]{2}$"', params: {} }, 'body'),
    ).toBe('country_code must match pattern "^[A-Za-z]{2}$"');
  });
  it('falls back to the request part for a whole-value problem', () => {
    expect(describeValidationIssue({ instancePath: '', keyword: 'type', message: 'must be object', params: {} }, 'body')).toBe('body must be object');
  });
});
