import {
  MANUFACTURER_COUNTRY_CODE_INVALID,
  MANUFACTURER_EMAIL_INVALID,
  MANUFACTURER_NAME_REQUIRED,
  manufacturerFieldProblems,
} from './manufacturer-rules';

describe('manufacturerFieldProblems', () => {
  it('accepts a complete, valid manufacturer and blank optional fields', () => {
    expect(
      manufacturerFieldProblems({ name: 'Aurora Audio', email: 'hello@aurora.example', country_code: 'de' }),
    ).toEqual({});
    expect(manufacturerFieldProblems({ name: 'Aurora Audio', email: '', country_code: null })).toEqual({});
    expect(
      manufacturerFieldProblems({ name: 'Aurora Audio', email: ' hello@aurora.example ', country_code: ' US ' }),
    ).toEqual({});
  });

  it('checks only the fields that are present', () => {
    expect(manufacturerFieldProblems({})).toEqual({});
    expect(manufacturerFieldProblems({ email: 'x@y.example' })).toEqual({});
  });

  it('requires a name that is not blank', () => {
    expect(manufacturerFieldProblems({ name: '' })).toEqual({ name: MANUFACTURER_NAME_REQUIRED });
    expect(manufacturerFieldProblems({ name: '  \t' })).toEqual({ name: MANUFACTURER_NAME_REQUIRED });
    expect(manufacturerFieldProblems({ name: null })).toEqual({ name: MANUFACTURER_NAME_REQUIRED });
  });

  it.each(['plain', 'a@b', '@example.com', 'a b@example.com', 'a@example..com'])('refuses the email %s', (email) => {
    expect(manufacturerFieldProblems({ email })).toEqual({ email: MANUFACTURER_EMAIL_INVALID });
  });

  it.each(['D', 'DEU', '1A', 'D-', 'ÄÖ'])('refuses the country code %s', (country_code) => {
    expect(manufacturerFieldProblems({ country_code })).toEqual({ country_code: MANUFACTURER_COUNTRY_CODE_INVALID });
  });

  it('reports every problem at once, with the texts people read', () => {
    expect(manufacturerFieldProblems({ name: '', email: 'nope', country_code: 'XYZ' })).toEqual({
      name: 'Name is required.',
      email: 'Email must be a valid email address, e.g. info@example.com.',
      country_code: 'Country Code must be 2 letters, e.g. US, DE, UK.',
    });
  });
});
