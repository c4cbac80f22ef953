import { TEXT_KEYWORD } from 'shared-kit/contract';

export const CONTAINS_NUL = 'must not contain a NUL character';
export const ILL_FORMED_UNICODE = 'must be well-formed Unicode text (it holds a lone UTF-16 surrogate)';

// A surrogate code point can only be matched in a `u` regular expression when it stands alone.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** What is wrong with a text no field may hold, or null when it can be stored as it is. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return CONTAINS_NUL;
  if (LONE_SURROGATE.test(value)) return ILL_FORMED_UNICODE;
  return null;
}

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

function validateText(_schema: boolean, data: string): boolean {
  const problem = textProblem(data);
  if (problem === null) return true;
  validateText.errors = [{ keyword: TEXT_KEYWORD, message: problem, params: {} }];
  return false;
}
validateText.errors = [] as KeywordError[];

/**
 * The Ajv keyword behind the contract's `Text()`: every string field refuses NUL and lone surrogates. It runs
 * before the length, pattern and format checks, so the answer names the real problem.
 */
export const textKeyword = {
  keyword: TEXT_KEYWORD,
  type: 'string' as const,
  schemaType: 'boolean' as const,
  errors: true,
  before: 'maxLength',
  validate: validateText,
};
