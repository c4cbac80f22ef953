import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0.00 B'],
    [1, '1.00 B'],
    [512, '512.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1048576, '1.00 MB'],
    [1048575, '1.00 MB'],
    [2.5 * 1024 ** 2, '2.50 MB'],
    [5 * 1024 ** 3, '5.00 GB'],
    [3 * 1024 ** 4, '3072.00 GB'],
  ])('formats %p bytes as %p', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('reads numeric strings as numbers', () => {
    expect(formatFileSize('2048')).toBe('2.00 KB');
    expect(formatFileSize(' 512 ')).toBe('512.00 B');
  });

  it.each([NaN, Infinity, -Infinity, -1, -0.5, null, undefined, '', '   ', 'abc', '-2048', {}, [], true])(
    'answers Unknown for %p',
    (value) => {
      expect(formatFileSize(value)).toBe('Unknown');
    },
  );
});
