import { isDeepStrictEqual } from 'node:util';
import {
  LICENSE_FILE_FORMAT_VERSION,
  LICENSE_FILE_V2_VERSION,
  type ActivateLicenseBody,
  type AnyLicenseFile,
  type ClientActivateBody,
  type LicenseFile,
  type LicenseFileClaims,
  type LicenseFileV2Claims,
} from 'shared-kit/contract';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  UnsignableValueError,
  formatSignedTime,
  signDocument,
} from 'signed-formats';
import {
  findLicenseFileTerms,
  lockLicenseFileTerms,
  type LicenseFileTerms,
} from '../../policies/queries/license-terms';
import type { Db } from '../../db/database';
import type { ProductKeyOf } from '../../crypto/product-key-cache';
import { conflict, notFound } from '../../lib/http-error';
import type { CustomerActor } from '../../auth/actor';
import type { StaffPrincipal } from '../../auth/principal';
import type { RateLimit, RateLimitDecision } from '../../auth/rate-limits';
import {
  countAndReadLicenseAndMachine,
  licenseForSigning,
  readLicenseAndMachine,
  type LicenseAndMachine,
  type LicenseForSigning,
  type LicenseKey,
} from '../queries/license-for-signing';
import { recordActivation, recordLimitedActivation, type ActivationRecord } from './queries';

export const LICENSE_NOT_FOUND = 'License';
export const deactivatedLicenseMessage = (reason: string | null) =>
  `This license is deactivated${reason ? ` (${reason})` : ''}: it cannot be activated on a machine until it is activated again.`;
export const PRODUCT_WITHOUT_IDENTIFIER =
  'The product has no identifier: give it one before activating its licenses, because the license file names the product by it.';
/** A licence past its expiry plus grace days (docs/licensing.md): it is neither activated nor validated. */
export const licenseExpiredMessage = (expiresAt: Date | null) =>
  `This license expired${expiresAt ? ` on ${expiresAt.toISOString().slice(0, 10)}` : ''}: renew it to use it again.`;
/** A floating licence lends seats (docs/licensing.md "Floating seats"): activation and validation refuse it. */
export const FLOATING_LICENSE_NOT_ACTIVATED =
  'This license is floating: it is not activated on a machine. Check out one of its seats instead (POST /api/v1/clients/app/seats/checkouts).';
export const LICENSE_KEEPS_CHANGING = 'The license changed while it was being activated. Please try again.';
export const machineLimitReached = (limit: number) =>
  `This license is already activated on ${limit} ${limit === 1 ? 'machine' : 'machines'}, the limit of this product: deactivate one of them first.`;

type LicenseFileBody = Pick<ActivateLicenseBody, 'hardware_fingerprint_version' | 'signature_seed_version'> &
  Pick<ClientActivateBody, 'license_file_version'>;

/**
 * The licence's signed file for one machine: version 1, or version 2 with `terms`; a value the encoding cannot
 * carry is a 409.
 */
export function issueLicenseFile(
  productKeyOf: ProductKeyOf,
  license: {
    serial: string;
    license_type: LicenseFile['license_type'];
    product_identifier: string;
    user_id: number;
    user_email: string;
    private_key_encrypted: string;
  },
  hardwareFingerprint: string,
  body: LicenseFileBody,
  issuedAt: Date,
  terms?: LicenseFileTerms,
): AnyLicenseFile {
  const claims: LicenseFileClaims = {
    format_version: LICENSE_FILE_FORMAT_VERSION,
    serial: license.serial,
    license_type: license.license_type,
    product_identifier: license.product_identifier,
    user_id: license.user_id,
    user_email: license.user_email,
    hardware_fingerprint: hardwareFingerprint,
    hardware_fingerprint_version: body.hardware_fingerprint_version,
    signature_seed_version: body.signature_seed_version,
    issued_at: formatSignedTime(issuedAt),
  };
  const privateKey = productKeyOf(license.private_key_encrypted);
  try {
    if (!terms) return signDocument(LICENSE_FILE_FORMAT, claims, privateKey);
    const v2: LicenseFileV2Claims = { ...claims, format_version: LICENSE_FILE_V2_VERSION, ...terms };
    return signDocument(LICENSE_FILE_V2_FORMAT, v2, privateKey);
  } catch (error) {
    if (error instanceof UnsignableValueError) throw conflict(`The license cannot be signed: ${error.message}.`);
    throw error;
  }
}

/**
 * Who activates, and what follows from it:
 * - `staff` (the console's Download): not held to the product's machine limit, audited as `license.activate` by the
 *   staff user;
 * - `client` (a plugin, or a customer acting for their machine): held to the machine limit, the first read counts
 *   the call against `limits` in the same statement (`admit` refuses it), audited as `client.license.activate` with
 *   the caller's address and no staff actor; when a customer asked, the customer is the actor (`actor: 'customer'`).
 */
export type Activator =
  | { kind: 'staff'; principal: StaffPrincipal }
  | {
      kind: 'client';
      address: string;
      limits: RateLimit[];
      admit: (decision: RateLimitDecision) => void;
      /** The signed-in customer who asked for their machine (portal offline activation): the audit entry's actor. */
      customer?: CustomerActor;
    };

export interface MachineActivation {
  /** The licence, as the caller names it (staff: id within their manufacturer; client: serial within a product). */
  license: LicenseKey;
  /** The machine's fingerprint, already checked by `hardwareFingerprintOf`. */
  hardwareFingerprint: string;
  body: LicenseFileBody;
  activator: Activator;
  /** The name the plugin reported for the machine (`machineNameOf`), never signed; null keeps the one it has. */
  machineName?: string | null;
}

const carriesMachinePlace = (license: LicenseForSigning): license is LicenseAndMachine => 'active_machines' in license;

/** Reads of a licence that changed between reading and writing before the activation gives up (each read is fresh). */
const ATTEMPTS = 3;

/** The licence for signing; a client's first read also counts the call against its rate limits (same statement), a read again only reads. */
async function readLicense(
  db: Db,
  { license: key, hardwareFingerprint, activator }: MachineActivation,
  attempt: number,
): Promise<LicenseForSigning | undefined> {
  if (activator.kind === 'staff') return licenseForSigning(db, key).executeTakeFirst();
  if (attempt > 0) return readLicenseAndMachine(db, key, hardwareFingerprint);
  const { decision, row } = await countAndReadLicenseAndMachine(db, activator.limits, key, hardwareFingerprint);
  activator.admit(decision);
  return row;
}

/**
 * Activates a licence on one machine: the signed licence file (docs/licence-file.md), the activation, the machine on
 * the licence and its fingerprint on the owner, and the audit entry — all or nothing. Two round trips: one read of
 * everything the file and the checks need, then, after signing, one write that locks the licence and writes only
 * if it still says what was signed (and, for a client, the machine still has a slot: two machines activating at once
 * cannot both take the last one, and the same machine again takes no new slot); a licence that changed in between is
 * read again. Every caller (the staff Download, the client API, the customer portal) comes through here.
 */
export function activateMachine(
  db: Db,
  productKeyOf: ProductKeyOf,
  activation: MachineActivation & { body: { license_file_version?: 1 } },
): Promise<LicenseFile>;
export function activateMachine(
  db: Db,
  productKeyOf: ProductKeyOf,
  activation: MachineActivation,
): Promise<AnyLicenseFile>;
export async function activateMachine(
  db: Db,
  productKeyOf: ProductKeyOf,
  activation: MachineActivation,
): Promise<AnyLicenseFile> {
  const { hardwareFingerprint, body } = activation;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const license = await readLicense(db, activation, attempt);
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    if (license.floating) throw conflict(FLOATING_LICENSE_NOT_ACTIVATED);
    if (license.disabled) throw conflict(deactivatedLicenseMessage(license.disabled_reason));
    if (license.expired) throw conflict(licenseExpiredMessage(license.expires_at));
    const productIdentifier = license.product_identifier?.trim() ? license.product_identifier : undefined;
    if (!productIdentifier) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);
    // A client's read carries this machine's place on the licence: the machine limit applies to it alone.
    if (carriesMachinePlace(license) && license.holds_slot !== true && license.active_machines >= license.machine_limit)
      throw conflict(machineLimitReached(license.machine_limit));

    const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const signed = { ...license, product_identifier: productIdentifier };
    // Only a plugin that asks for version 2 pays for the read of the terms; every other caller gets version 1.
    const terms =
      body.license_file_version === LICENSE_FILE_V2_VERSION
        ? await findLicenseFileTerms(db, license.id, issuedAt)
        : undefined;
    const file = issueLicenseFile(productKeyOf, signed, hardwareFingerprint, body, issuedAt, terms);
    const record = {
      manufacturerId: license.manufacturer_id,
      license: signed,
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      issuedAt,
    };
    const write = (db: Db) => writeActivation(db, activation, record, license, file.issued_at);
    const written = terms ? await writeIfTermsUnchanged(db, license.id, issuedAt, terms, write) : await write(db);
    if (written === 'activated') return file;
    if (written === 'limit') throw conflict(machineLimitReached(license.machine_limit));
  }
  throw conflict(LICENSE_KEEPS_CHANGING);
}

type WriteOutcome = 'activated' | 'changed' | 'limit';

/** The one write of an activation: the licence checked against what was signed, then the activation recorded. */
async function writeActivation(
  db: Db,
  { hardwareFingerprint, body, activator, machineName }: MachineActivation,
  record: Omit<ActivationRecord, 'auditAfter'> & { license: { machine_limit: number } },
  license: LicenseForSigning,
  issuedAtText: string,
): Promise<WriteOutcome> {
  if (activator.kind === 'staff') {
    const auditAfter = {
      user_id: license.user_id,
      hardware_fingerprint: hardwareFingerprint,
      hardware_fingerprint_version: body.hardware_fingerprint_version,
      signature_seed_version: body.signature_seed_version,
      issued_at: issuedAtText,
    };
    return (await recordActivation(db, activator.principal, { ...record, auditAfter })) ? 'activated' : 'changed';
  }
  const auditAfter = {
    actor: activator.customer ? 'customer' : 'client',
    address: activator.address,
    hardware_fingerprint: hardwareFingerprint,
    machine_name: machineName ?? null,
    issued_at: issuedAtText,
  };
  const written = await recordLimitedActivation(
    db,
    { ...record, auditAfter },
    activator.customer ?? null,
    machineName ?? null,
  );
  return written.outcome;
}

/**
 * A version 2 file's terms are read apart from the licence: the write runs in a transaction that first locks the
 * licence and reads its terms again, and writes only if they are still the signed ones (a Renew, Change edition or
 * policy change committed since the read makes the activation read again, like any other signed value).
 */
function writeIfTermsUnchanged(
  db: Db,
  licenseId: number,
  issuedAt: Date,
  signedTerms: LicenseFileTerms,
  write: (db: Db) => Promise<WriteOutcome>,
): Promise<WriteOutcome> {
  const checkThenWrite = async (trx: Db) => {
    const terms = await lockLicenseFileTerms(trx, licenseId, issuedAt);
    return terms && isDeepStrictEqual(terms, signedTerms) ? write(trx) : 'changed';
  };
  // A caller's transaction (the portal's browser approval) holds the lock until it commits; else one of its own.
  return db.isTransaction ? checkThenWrite(db) : db.transaction().execute(checkThenWrite);
}
