import { Value } from '@sinclair/typebox/value';
import { readOfflineRequest, type OfflineRequest } from 'signed-formats';
import { ClientActivateBody, type LicenseFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { activateBySerial } from '../clients/activate';
import { machineNameOf } from '../licenses/machine-name';
import { badRequest, notFound } from '../lib/http-error';
import { textProblem } from '../plugins/text-keyword';
import { recordAudit } from '../audit/queries/audit-log';
import type { Customer } from './customer-authentication';

export const OFFLINE_LICENSE = 'License';
export const OFFLINE_REQUEST_OTHER_PRODUCT = (requested: string, licensed: string) =>
  `This request file is for the product "${requested}", but this license is for "${licensed}". Upload it with a license of that product.`;
export const OFFLINE_REQUEST_OTHER_SERIAL =
  'This request file names another serial than this license: upload it with the license whose serial it names.';
export const OFFLINE_REQUEST_UNUSABLE = (what: string) => `This request file cannot be activated: ${what}.`;

/** The customer's own licence with what a request must match: another customer's id is answered like an unknown one. */
function findMyLicense(db: Db, customer: Customer, licenseId: number) {
  return db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select(['licenses.id', 'licenses.serial', 'licenses.product_id', 'products.identifier'])
    .where('licenses.id', '=', licenseId)
    .where('licenses.user_id', '=', customer.endUserId)
    .where('licenses.manufacturer_id', '=', customer.manufacturerId)
    .executeTakeFirst();
}

/**
 * Refuses a request with a text no field may hold (NUL, a lone surrogate: jsonb refuses it), as the HTTP schema's
 * Text() keyword refuses it in a body; the request's fields arrive inside one text, past that keyword.
 */
function refuseUnstorableText(request: OfflineRequest): void {
  for (const [field, value] of Object.entries(request)) {
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) throw badRequest(OFFLINE_REQUEST_UNUSABLE(`${field} ${problem}`));
  }
}

/** The client API's activation body that the request asks for, held to the same schema as the client API's. */
function activationBodyOf(request: OfflineRequest): ClientActivateBody & { license_file_version?: 1 } {
  const body = {
    product_id: request.product_id,
    serial: request.serial,
    hardware_fingerprint: request.hardware_fingerprint,
    hardware_fingerprint_version: request.hardware_fingerprint_version,
    signature_seed_version: request.signature_seed_version,
    ...(request.machine_name === undefined ? {} : { machine_name: request.machine_name }),
  };
  const error = Value.Errors(ClientActivateBody, body).First();
  if (error) throw badRequest(OFFLINE_REQUEST_UNUSABLE(`${error.path.slice(1)} ${error.message.toLowerCase()}`));
  return body as ClientActivateBody & { license_file_version?: 1 };
}

/**
 * Offline activation: the customer uploads the request a plugin wrote and gets the signed licence file for that
 * machine. Every bad file is refused (400) before anything is written. The activation itself is the client API's
 * (`activateBySerial`): same machine limit, same signing, same activation record, with the customer as the actor of
 * its audit entry; the portal's own entry (with the plugin's version) is written in the same transaction, so History
 * shows who asked for it.
 */
export async function activateOffline(
  db: Db,
  productKeyOf: ProductKeyOf,
  customer: Customer,
  address: string,
  licenseId: number,
  requestText: string,
): Promise<LicenseFile> {
  const reading = readOfflineRequest(requestText);
  if (!reading.valid) throw badRequest(reading.message);
  const license = await findMyLicense(db, customer, licenseId);
  if (!license) throw notFound(OFFLINE_LICENSE);
  const { request } = reading;
  refuseUnstorableText(request);
  if (request.product_id !== license.product_id || request.product_identifier !== (license.identifier ?? '')) {
    throw badRequest(OFFLINE_REQUEST_OTHER_PRODUCT(request.product_identifier, license.identifier ?? ''));
  }
  if (request.serial.trim().toUpperCase() !== license.serial) throw badRequest(OFFLINE_REQUEST_OTHER_SERIAL);
  const body = activationBodyOf(request);
  return db.transaction().execute(async (trx) => {
    // The upload was counted against the portal's own limits (offline-activation-limits.ts) before the file was read.
    const call = { address, limits: [], admit: () => undefined, customer: { endUserId: customer.endUserId } };
    const file = await activateBySerial(trx, productKeyOf, call, body);
    await recordAudit(trx, customer, {
      manufacturerId: customer.manufacturerId,
      action: 'portal.license.offline-activate',
      entityType: 'license',
      entityId: license.id,
      after: {
        actor: 'customer',
        hardware_fingerprint: file.hardware_fingerprint,
        machine_name: machineNameOf(request.machine_name),
        plugin_version: request.plugin_version,
        issued_at: file.issued_at,
      },
    });
    return file;
  });
}
