const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parse(value: string): Date | null {
  // `new Date('2024-03-05')` is midnight UTC, which is the day before west of Greenwich: read it as a local date.
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: string | null | undefined, formatter: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const date = parse(value.trim());
  return date ? formatter.format(date) : 'Unknown';
}

/** A timestamp as local date and time; '' when there is none, 'Unknown' when it cannot be read. */
export const formatDateTime = (value: string | null | undefined): string => format(value, dateTimeFormat);

/** A timestamp as a local date; '' when there is none, 'Unknown' when it cannot be read. */
export const formatDate = (value: string | null | undefined): string => format(value, dateFormat);
