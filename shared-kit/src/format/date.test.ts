import { formatDate, formatDateTime } from './date';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

describe('formatDateTime', () => {
  it('formats an ISO timestamp as a local date and time', () => {
    const value = '2024-03-05T14:07:00Z';
    expect(formatDateTime(value)).toBe(dateTime.format(new Date(value)));
    expect(formatDateTime(value)).toContain('2024');
  });

  it('answers an empty text when there is no value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
  });

  it('answers Unknown for a value it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('Unknown');
    expect(formatDateTime('2024-13-45T99:99:99Z')).toBe('Unknown');
  });
});

describe('formatDate', () => {
  it('formats a timestamp as a date only', () => {
    const value = '2024-03-05T14:07:00Z';
    expect(formatDate(value)).toBe(dateOnly.format(new Date(value)));
  });

  it('reads a bare date as that day wherever the browser is', () => {
    expect(formatDate('2024-03-05')).toBe(dateOnly.format(new Date(2024, 2, 5)));
  });

  it('answers an empty text or Unknown like formatDateTime', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('Unknown');
  });
});
