import { createCsvRecordCounter } from './csv-record-counter';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createCsvRecordCounter', () => {
  it('counts data rows, not the header', () => {
    const counter = createCsvRecordCounter();
    expect(counter.rows).toBe(0);
    counter.add(bytes('\uFEFFID,Email\r\n'));
    expect(counter.rows).toBe(0);
    counter.add(bytes('1,a@example.com\r\n2,b@example.com\r\n'));
    expect(counter.rows).toBe(2);
  });

  it('does not count line breaks or doubled quotes inside a quoted field', () => {
    const counter = createCsvRecordCounter();
    counter.add(bytes('Name,Address\r\n"Aurora ""Audio""","Line 1\r\nLine 2"\r\n"Ümlaut, GmbH",x\r\n'));
    expect(counter.rows).toBe(2);
  });

  it('keeps its place when a chunk ends inside a quoted field or between CR and LF', () => {
    const text = 'A,B\r\n"x\r\ny",1\r\n"""q""",2\r\n';
    const all = bytes(text);
    for (let cut = 1; cut < all.length; cut++) {
      const counter = createCsvRecordCounter();
      counter.add(all.slice(0, cut));
      counter.add(all.slice(cut));
      expect(counter.rows).toBe(2);
    }
  });
});
