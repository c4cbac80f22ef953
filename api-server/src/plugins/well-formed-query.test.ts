/** @jest-environment node */
import { malformedQueryProblem } from './well-formed-query';

describe('malformedQueryProblem', () => {
  it('accepts what a browser or encodeURIComponent sends', () => {
    for (const search of [
      '',
      'email=ada%40example.com&page=2',
      'search=a+b',
      'q=%E9%9F%B3%E6%A5%BD',
      'q=%F0%9F%8E%9B',
      'flag',
      'a=&b=1',
      'email=%00',
    ]) {
      expect(malformedQueryProblem(search)).toBeNull();
    }
  });
  it('names the parameter whose escapes are not UTF-8: a lone surrogate, a stray byte, a cut escape', () => {
    expect(malformedQueryProblem('page=1&email=%ED%A0%80')).toBe('email is not valid percent-encoded UTF-8');
    expect(malformedQueryProblem('search=%FF')).toBe('search is not valid percent-encoded UTF-8');
    expect(malformedQueryProblem('search=100%')).toBe('search is not valid percent-encoded UTF-8');
    expect(malformedQueryProblem('search=%C0%AF')).toBe('search is not valid percent-encoded UTF-8');
  });
  it('says so when the name itself is broken', () => {
    expect(malformedQueryProblem('%E0%A4=1')).toBe('a query parameter name is not valid percent-encoded UTF-8');
  });
});
