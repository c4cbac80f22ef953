import type { DisableReason, UpdateLicenseBody } from 'shared-kit/contract';
import { hasControlCharacter } from 'signed-formats';
import { badRequest } from '../lib/http-error';
import type { LicenseState } from './license-shape';

// The rules of a licence change, apart from HTTP and SQL: what a request body asks for, or why it cannot be.

export const DEACTIVATION_REASON_REQUIRED = 'Please select a reason for deactivation';
export const ENABLED_HAS_NO_REASON = 'disabled_reason must be null when a license is activated';
export const STATE_OR_TRANSFER =
  'Change the state (disabled) or transfer the license (user_id), not both in one request.';
export const NOTHING_TO_CHANGE =
  'Nothing to change: send disabled (with disabled_reason) to change the state, or user_id to transfer the license.';
export const EMAIL_ONLY_WITH_TRANSFER = 'email names the new owner of a transfer: send it with user_id.';
export const FINGERPRINT_REQUIRED = 'Enter the hardware fingerprint of the machine to activate.';
export const FINGERPRINT_CONTROL_CHARACTERS =
  'The hardware fingerprint must be one line of text, without tabs or other control characters.';

export type LicenseChange =
  { kind: 'state'; state: LicenseState } | { kind: 'transfer'; userId: number; email: string | undefined };

/** Disabling needs a reason; enabling clears it. */
export function licenseStateOf(disabled: boolean, reason: DisableReason | null | undefined): LicenseState {
  if (disabled) {
    if (!reason) throw badRequest(DEACTIVATION_REASON_REQUIRED);
    return { disabled: true, disabled_reason: reason };
  }
  if (reason) throw badRequest(ENABLED_HAS_NO_REASON);
  return { disabled: false, disabled_reason: null };
}

/** PATCH /licenses/{id}: a state change or a transfer, never both, never neither. */
export function licenseChangeOf(body: UpdateLicenseBody): LicenseChange {
  const changesState = body.disabled !== undefined;
  const transfers = body.user_id !== undefined;
  if (changesState && transfers) throw badRequest(STATE_OR_TRANSFER);
  if (transfers) {
    if (body.disabled_reason !== undefined) throw badRequest(STATE_OR_TRANSFER);
    return { kind: 'transfer', userId: body.user_id!, email: body.email?.trim() || undefined };
  }
  if (!changesState) throw badRequest(NOTHING_TO_CHANGE);
  if (body.email !== undefined) throw badRequest(EMAIL_ONLY_WITH_TRANSFER);
  return { kind: 'state', state: licenseStateOf(body.disabled!, body.disabled_reason) };
}

export const sameState = (a: LicenseState, b: LicenseState) =>
  a.disabled === b.disabled && a.disabled_reason === b.disabled_reason;

/** A fingerprint as typed or pasted: surrounding white space goes; it must then be one non-empty line. */
export function hardwareFingerprintOf(text: string): string {
  const fingerprint = text.trim();
  if (!fingerprint) throw badRequest(FINGERPRINT_REQUIRED);
  if (hasControlCharacter(fingerprint)) throw badRequest(FINGERPRINT_CONTROL_CHARACTERS);
  return fingerprint;
}
