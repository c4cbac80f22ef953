/** @jest-environment node */
import { EMAIL_NOT_ASCII } from 'shared-kit/contract';
import { describeFrameworkError, describeValidationIssue } from './error-handler';

describe('describeValidationIssue', () => {
  it('names the missing field', () => {
    expect(
      describeValidationIssue({ instancePath: '', keyword: 'required', params: { missingProperty: 'email' } }, 'body'),
    ).toBe('email is required');
  });
  it('names a field that is not allowed', () => {
    expect(
      describeValidationIssue(
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'role' } },
        'body',
      ),
    ).toBe('role is not allowed');
  });
  it('puts the field before the rule', () => {
    expect(
      describeValidationIssue(
        {
          instancePath: '/country_code',
          keyword: 'pattern',
          message: 'must match pattern "^[A-Za-z]{2}$"',
          params: {},
        },
        'body',
      ),
    ).toBe('country_code must match pattern "^[A-Za-z]{2}$"');
  });
  it('says why an address with non-ASCII letters is refused, as the forms and the import do', () => {
    const issue = {
      instancePath: '/email',
      keyword: 'format',
      message: 'must match format "email"',
      params: { format: 'email' },
    };
    expect(describeValidationIssue(issue, 'body', 'müller@example.com')).toBe(
      `email must match format "email": ${EMAIL_NOT_ASCII}`,
    );
    expect(describeValidationIssue(issue, 'body', 'not an address')).toBe('email must match format "email"');
  });
  it('falls back to the request part for a whole-value problem', () => {
    expect(
      describeValidationIssue({ instancePath: '', keyword: 'type', message: 'must be object', params: {} }, 'body'),
    ).toBe('body must be object');
  });
});

describe('describeFrameworkError', () => {
  it("says the framework's known refusals in plain English", () => {
    expect(
      describeFrameworkError(
        {
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
          message: "Body is not valid JSON but content-type is set to 'application/json'",
        },
        400,
      ),
    ).toBe('The request body is not valid JSON.');
    expect(
      describeFrameworkError({ code: 'FST_ERR_BAD_URL', message: "'/x/%FF' is not a valid url component" }, 400),
    ).toBe('The address is not valid: a part of it is not correctly percent-encoded UTF-8.');
  });
  it('falls back to the status text for a framework error it does not know, never its code or name', () => {
    expect(describeFrameworkError({ code: 'FST_ERR_SOMETHING_NEW', message: 'Fastify could not do it' }, 400)).toBe(
      'Bad Request.',
    );
    expect(describeFrameworkError({ message: 'fastify-plugin went wrong' }, 409)).toBe('Conflict.');
  });
  it("keeps our own and the plugins' plain messages", () => {
    expect(describeFrameworkError({ message: 'Too many attempts. Please wait 1 minute and try again.' }, 429)).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    );
  });
});
