import { documentTime } from '../clients/client-values';

// The words of the floating-seat calls (docs/client-api.md lists each with its status).

export const LEASE_NOT_FOUND = 'Lease';
export const NOT_FLOATING =
  'This license is not floating: it has no seats to check out. Activate it on this machine instead.';
export const floatingLicenseDisabled = (reason: string | null) =>
  `This license is deactivated${reason ? ` (${reason})` : ''}: none of its seats can be checked out until it is activated again.`;
export const seatsInUse = (seats: number, freesAt: Date) =>
  `All ${seats} ${seats === 1 ? 'seat is' : 'seats are'} in use. The first frees at ${documentTime(freesAt)} unless its machine renews it; try again then.`;
export const NO_BORROWING = "This license's policy does not allow borrowing a seat (it has no max_borrow_days).";
export const borrowTooLong = (maxDays: number) =>
  `A seat of this license can be borrowed for at most ${maxDays} ${maxDays === 1 ? 'day' : 'days'}.`;
export const LEASE_OF_ANOTHER_MACHINE =
  'This lease belongs to another machine: a machine renews and checks in only its own lease.';
export const leaseExpired = (expiresAt: Date) =>
  `This lease expired at ${documentTime(expiresAt)} and its seat may be taken: check out a seat again.`;
export const overSeats = (seats: number, expiresAt: Date) =>
  `This license now has ${seats} ${seats === 1 ? 'seat' : 'seats'}, fewer than the machines holding one: this lease is not renewed and ends at ${documentTime(expiresAt)}. Check out again after that.`;

/** How long a borrow asked for `days` may be, or why not (400). */
export function borrowProblem(terms: { max_borrow_days: number | null }, days: number): string | undefined {
  if (terms.max_borrow_days === null || terms.max_borrow_days < 1) return NO_BORROWING;
  if (days > terms.max_borrow_days) return borrowTooLong(terms.max_borrow_days);
  return undefined;
}
