import { contractErrors } from 'shared-kit/forms';
import {
  RENEW_DATE_PAST,
  RENEW_DATE_REQUIRED,
  endOfDay,
  renewContract,
  renewedBy,
  type RenewFormValues,
} from './renew-form';

const DAY = 24 * 60 * 60 * 1000;
const values = (how: RenewFormValues['how'], date: string): RenewFormValues => ({ how, date });

describe('the renewal form', () => {
  it('reads a date input as the end of that day where the browser is', () => {
    const end = new Date(endOfDay('2031-06-30')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2031, 5, 30, 23, 59,
    ]);
    expect(endOfDay('')).toBeNull();
    expect(endOfDay('30.06.2031')).toBeNull();
  });

  it('counts a renewal by days from the expiry, or from now when the expiry has passed', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(renewedBy(10, '2026-07-01T12:00:00Z', now)).toBe(renewedBy(10, null, now + 30 * DAY));
    expect(renewedBy(10, '2026-01-01T12:00:00Z', now)).toBe(renewedBy(10, null, now));
  });

  it('sends nothing but the choice by duration, and the end of the day for a date', async () => {
    const contract = renewContract();
    expect(contract.toBody(values('duration', '2031-06-30'))).toEqual({});
    expect(contract.toBody(values('date', '2031-06-30'))).toEqual({ expires_at: endOfDay('2031-06-30') });
    expect(await contractErrors(contract, values('duration', ''))).toEqual({});
    expect(await contractErrors(contract, values('date', '2031-06-30'))).toEqual({});
  });

  it('refuses a missing date and a day already over', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const contract = renewContract(() => now);
    expect(await contractErrors(contract, values('date', ''))).toEqual({ date: RENEW_DATE_REQUIRED });
    expect(await contractErrors(contract, values('date', '2026-05-30'))).toEqual({ date: RENEW_DATE_PAST });
  });
});
