import { hash } from 'node:crypto';
import type { RevocationsDocument, RevocationsQuery } from 'shared-kit/contract';
import { REVOCATION_LIST_FORMAT, signDocument } from 'signed-formats';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { badRequest, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { findClientProduct } from './queries/client-licenses';
import { deactivatedMachinesSince, disabledLicensesSince } from './queries/revocations';
import { PRODUCT_NOT_FOUND, documentTime, secondsNow } from './client-values';

/** The most entries one answer lists; more than that in the two lists: `complete` is false. */
export const REVOCATIONS_MAX_ENTRIES = 5000;
export const SINCE_INVALID = 'since must be a UTC time to the second, YYYY-MM-DDTHH:MM:SSZ, that exists.';

const sha256Hex = (text: string) => hash('sha256', text, 'hex');
/** The list is public: it names licences and machines by hashes a plugin can compute from its own file. */
export const serialHash = (serial: string) => sha256Hex(serial);
export const machineHash = (serial: string, hardwareFingerprint: string) =>
  sha256Hex(`${serial}\n${hardwareFingerprint}`);

/** An entity tag of what the answer says (not when it was signed): the same list answers 304. */
export const contentTag = (content: unknown) => `"${hash('sha256', JSON.stringify(content), 'base64url')}"`;

/**
 * The product's revocations since a time, signed and bound to the asking machine's fingerprint: disabled licences
 * and deactivated machines, each list in time order. When both together exceed the maximum, both are cut before
 * the first time that did not fit (`complete` false; ask again from the last listed time). Reads only: not
 * audited (docs/client-api.md).
 */
export async function revocationsOf(
  db: Db,
  productKeyOf: ProductKeyOf,
  productId: number,
  query: RevocationsQuery,
  ifNoneMatch: string | undefined,
) {
  const hardwareFingerprint = hardwareFingerprintOf(query.hardware_fingerprint);
  const product = await findClientProduct(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const since = query.since ? new Date(query.since) : new Date(0);
  if (Number.isNaN(since.getTime()) || documentTime(since) !== (query.since ?? documentTime(since)))
    throw badRequest(SINCE_INVALID);
  const [licenseRows, machineRows] = await Promise.all([
    disabledLicensesSince(db, productId, since, REVOCATIONS_MAX_ENTRIES + 1),
    deactivatedMachinesSince(db, productId, since, REVOCATIONS_MAX_ENTRIES + 1),
  ]);
  let licenses = licenseRows.map((row) => ({
    serial_sha256: serialHash(row.serial),
    disabled_reason: row.disabled_reason ?? 'FraudulentUse',
    changed_at: documentTime(row.changed_at),
  }));
  let machines = machineRows.map((row) => ({
    machine_sha256: machineHash(row.serial, row.hardware_fingerprint),
    deactivated_at: documentTime(row.deactivated_at),
  }));
  const complete = licenses.length + machines.length <= REVOCATIONS_MAX_ENTRIES;
  if (!complete) {
    const times = [
      ...licenses.map((entry) => entry.changed_at),
      ...machines.map((entry) => entry.deactivated_at),
    ].sort();
    const cut = times[REVOCATIONS_MAX_ENTRIES]!;
    licenses = licenses.filter((entry) => entry.changed_at < cut);
    machines = machines.filter((entry) => entry.deactivated_at < cut);
  }
  const content = {
    product_id: productId,
    hardware_fingerprint: hardwareFingerprint,
    since: query.since ?? '',
    complete,
    licenses,
    machines,
  };
  const etag = contentTag(content);
  if (ifNoneMatch === etag) return { etag, document: undefined };
  const document = signDocument(
    REVOCATION_LIST_FORMAT,
    { ...content, issued_at: documentTime(secondsNow()) },
    productKeyOf(product.private_key_encrypted),
  ) as RevocationsDocument;
  return { etag, document };
}
