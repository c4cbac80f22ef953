/**
 * An order's amount as a person reads it: `amount` is in the currency's minor units (1999 EUR is 19.99 EUR), and
 * how many of them make a unit is the currency's own (JPY none, KWD three), as Intl knows it.
 */
export function formatOrderAmount(amount: number | null, currency: string | null, locale = 'en-US'): string {
  if (amount === null) return '—';
  if (currency === null) return `${new Intl.NumberFormat(locale).format(amount)} (no currency)`;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // A code Intl does not know still arrives as the store sent it: shown as minor units with its code.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency} (minor units)`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
