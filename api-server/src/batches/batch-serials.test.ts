import { drawBatchSerials, normalizeSerial } from './batch-serials';

const SERIAL = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

describe('drawBatchSerials', () => {
  it('draws serials in the licence serial format, all different', () => {
    const serials = drawBatchSerials(5000);
    expect(serials).toHaveLength(5000);
    for (const serial of serials) expect(serial).toMatch(SERIAL);
    expect(new Set(serials).size).toBe(5000);
  });

  it('uses every symbol of the alphabet in every position', () => {
    const serials = drawBatchSerials(2000);
    for (const position of [0, 6, 22]) expect(new Set(serials.map((serial) => serial[position])).size).toBe(32);
  });
});

describe('normalizeSerial', () => {
  it('reads a serial as typed: case, spaces and dashes do not matter; O, I and L read as 0, 1 and 1', () => {
    expect(normalizeSerial(' abcde-fghjk-mnpqr-stvwx ')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
    expect(normalizeSerial('ABCDEFGHJKMNPQRSTVWX')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
    expect(normalizeSerial('oiL00 11111 22222 33333')).toBe('01100-11111-22222-33333');
  });

  it.each(['', 'ABCDE', 'ABCDE-FGHJK-MNPQR-STVWXY', 'ABCDE-FGHJK-MNPQR-STVWU', 'ÄBCDE-FGHJK-MNPQR-STVWX'])(
    'is null for %j',
    (typed) => expect(normalizeSerial(typed)).toBeNull(),
  );
});
