import { Value } from '@sinclair/typebox/value';
import { Id } from '../contract/common';
import { parseId, parseIdList } from './use-id-param';

describe('parseId', () => {
  it.each(['1', '42', '2147483647', '0002', '07'])('reads %s as the contract reads it', (text) => {
    expect(parseId(text)).toBe(Number(text));
    expect(Value.Check(Id, parseId(text))).toBe(true);
  });

  it.each([undefined, '', '0', '-3', '2147483648', '99999999999', '1.5', '1e3', ' 7', 'abc', '7x'])(
    'refuses %p',
    (text) => {
      expect(parseId(text)).toBeNull();
    },
  );

  it('agrees with the contract at both ends of the range', () => {
    for (const id of [0, 1, 2147483647, 2147483648]) expect(parseId(String(id)) !== null).toBe(Value.Check(Id, id));
  });
});

describe('parseIdList', () => {
  it('keeps the ids in order, once each, and leaves out the rest', () => {
    expect(parseIdList('3, 5,x,3,0,8')).toEqual([3, 5, 8]);
    expect(parseIdList(undefined)).toEqual([]);
  });
});
