import { createHash } from 'node:crypto';
import { checkBindings } from './bindings';
import type { DisableReason } from './documented-values';
import { verifySignedDocument, type ClientApiFormat, type PublicKeyInput, type Verification } from './signed-document';

// The revocation list of docs/client-api.md: what no longer holds offline, without a serial in clear.
export const REVOCATION_LIST_FORMAT = {
  label: 'revocation list',
  format: 'producthub-revocations',
  context: 'producthub-revocations-v1',
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['since', 'text'],
    ['issued_at', 'text'],
    ['complete', 'boolean'],
    [
      'licenses',
      {
        items: [
          ['serial_sha256', 'text'],
          ['disabled_reason', 'text'],
          ['changed_at', 'text'],
        ],
      },
    ],
    [
      'machines',
      {
        items: [
          ['machine_sha256', 'text'],
          ['deactivated_at', 'text'],
        ],
      },
    ],
  ],
} as const satisfies ClientApiFormat;

export interface RevokedLicense {
  serial_sha256: string;
  disabled_reason: DisableReason;
  changed_at: string;
}

export interface RevokedMachine {
  machine_sha256: string;
  deactivated_at: string;
}

export interface RevocationList {
  product_id: number;
  hardware_fingerprint: string;
  /** The request's `since`, or empty when it asked for everything. */
  since: string;
  issued_at: string;
  /** False: more entries follow; ask again with `since` = the last entry's time. */
  complete: boolean;
  licenses: RevokedLicense[];
  machines: RevokedMachine[];
}

export interface RevocationExpectations {
  productId?: number;
  hardwareFingerprint?: string;
}

export function verifyRevocationList(
  document: string | object,
  publicKey: PublicKeyInput,
  expected: RevocationExpectations = {},
): Verification<RevocationList> {
  return checkBindings(verifySignedDocument<RevocationList>(document, publicKey, REVOCATION_LIST_FORMAT), {
    product_id: expected.productId,
    hardware_fingerprint: expected.hardwareFingerprint,
  });
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export type Withdrawal =
  { kind: 'license-disabled'; entry: RevokedLicense } | { kind: 'machine-deactivated'; entry: RevokedMachine };

/** Why a (verified) revocation list withdraws this licence file on this machine, or undefined when it does not. */
export function findWithdrawal(
  list: RevocationList,
  license: { serial: string; hardware_fingerprint: string },
): Withdrawal | undefined {
  const serialHash = sha256Hex(license.serial);
  const machineHash = sha256Hex(`${license.serial}\n${license.hardware_fingerprint}`);
  const disabled = list.licenses.find((entry) => entry.serial_sha256 === serialHash);
  if (disabled) return { kind: 'license-disabled', entry: disabled };
  const deactivated = list.machines.find((entry) => entry.machine_sha256 === machineHash);
  return deactivated ? { kind: 'machine-deactivated', entry: deactivated } : undefined;
}
