import { formatOrderAmount } from './order-amount';

describe('formatOrderAmount', () => {
  it('reads minor units by the currency’s own digits', () => {
    expect(formatOrderAmount(1999, 'EUR')).toBe('€19.99');
    expect(formatOrderAmount(1999, 'USD')).toBe('$19.99');
    expect(formatOrderAmount(1500, 'JPY')).toBe('¥1,500');
    expect(formatOrderAmount(12345, 'KWD')).toBe('KWD\u00a012.345');
    expect(formatOrderAmount(0, 'GBP')).toBe('£0.00');
    expect(formatOrderAmount(123456789, 'EUR')).toBe('€1,234,567.89');
  });

  it('says when there is no amount, or no currency to read it by', () => {
    expect(formatOrderAmount(null, 'EUR')).toBe('—');
    expect(formatOrderAmount(null, null)).toBe('—');
    expect(formatOrderAmount(1999, null)).toBe('1,999 (no currency)');
  });

  it('keeps a code Intl cannot format as minor units with the code', () => {
    expect(formatOrderAmount(1999, 'E1R')).toBe('1,999 E1R (minor units)');
  });
});
