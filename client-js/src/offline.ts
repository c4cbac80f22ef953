import {
  formatSignedTime,
  verifyLicenseFile,
  writeOfflineRequest,
  type AnyLicenseFileClaims,
  type PublicKeyInput,
  type SignatureSeedVersion,
} from 'signed-formats';
import type { Signed } from './client';
import { UntrustedAnswerError } from './errors';

// Offline activation (docs/client-integration.md): on a machine that is never online the plugin writes a request
// file, the customer uploads it in the portal from any online computer, and carries the signed `.ops` back.

export interface OfflineRequestInput {
  productId: number;
  productIdentifier: string;
  serial: string;
  hardwareFingerprint: string;
  /** The plugin's own version, shown to the vendor with the activation. */
  pluginVersion: string;
  signatureSeedVersion?: SignatureSeedVersion;
  /** The hardware fingerprint scheme's version (2 today). */
  hardwareFingerprintVersion?: number;
  /** When the request is written (default: now). */
  createdAt?: Date;
  /** The name the customer sees for this machine ("Studio Mac"): trimmed, 1–64 characters; empty or left out: none. */
  machineName?: string;
}

/** The text of the request file to save (e.g. `<product identifier>.ophreq`) and let the customer upload. */
export function createOfflineRequest(input: OfflineRequestInput): string {
  const machineName = input.machineName?.trim();
  return writeOfflineRequest({
    product_id: input.productId,
    product_identifier: input.productIdentifier,
    serial: input.serial.trim().toUpperCase(),
    hardware_fingerprint: input.hardwareFingerprint.trim(),
    hardware_fingerprint_version: input.hardwareFingerprintVersion ?? 2,
    signature_seed_version: input.signatureSeedVersion ?? 5,
    plugin_version: input.pluginVersion,
    created_at: formatSignedTime(input.createdAt ?? new Date()),
    ...(machineName ? { machine_name: machineName } : {}),
  });
}

export interface OfflineAnswerExpectations {
  publicKey: PublicKeyInput;
  /** This machine's fingerprint: an answer for another machine is refused. */
  hardwareFingerprint: string;
  /** This product's identifier: an answer for another product is refused. */
  productIdentifier: string;
}

/**
 * Verifies the `.ops` the customer carried back, exactly as an online activation's answer is verified: the
 * product's key, this machine, this product. Save `text` where the plugin keeps its licence file. Throws an
 * UntrustedAnswerError for anything else.
 */
export function installOfflineAnswer(text: string, expected: OfflineAnswerExpectations): Signed<AnyLicenseFileClaims> {
  const result = verifyLicenseFile(text, expected.publicKey, {
    hardwareFingerprint: expected.hardwareFingerprint.trim(),
    productIdentifier: expected.productIdentifier,
  });
  if (!result.valid) throw new UntrustedAnswerError(result.reason, result.message);
  return { text, document: result.document };
}
