/** @jest-environment node */
import Ajv from 'ajv';
import { Text } from 'shared-kit/contract';
import { CONTAINS_NUL, ILL_FORMED_UNICODE, textKeyword, textProblem } from './text-keyword';

describe('textProblem', () => {
  it('accepts text, astral characters and their well-formed surrogate pairs', () => {
    for (const text of ['', 'Aurora Audio', 'Ünïcödé 音楽', '𝕏🎛️', '\uD83C\uDF9B'])
      expect(textProblem(text)).toBeNull();
  });
  it('refuses NUL anywhere', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000\uD800']) expect(textProblem(text)).toBe(CONTAINS_NUL);
  });
  it('refuses a lone high or low surrogate, or a pair in the wrong order', () => {
    for (const text of ['\uD800', 'a\uDBFF', '\uDC00b', '\uDFFF\uD800', '🎛\uD83C'])
      expect(textProblem(text)).toBe(ILL_FORMED_UNICODE);
  });
});

describe('the x-text keyword', () => {
  const validate = new Ajv({ keywords: [textKeyword] }).compile(Text({ maxLength: 3, pattern: '^[a-z\\u0000]*$' }));
  it('answers its own message before the length and pattern checks', () => {
    expect(validate('a\u0000')).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'x-text', message: CONTAINS_NUL });
    expect(validate('\uD800\uD800\uD800\uD800')).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'x-text', message: ILL_FORMED_UNICODE });
  });
  it('leaves the other checks as they were', () => {
    expect(validate('abc')).toBe(true);
    expect(validate('abcd')).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'maxLength' });
  });
});
