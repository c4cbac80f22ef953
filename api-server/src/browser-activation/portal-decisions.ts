import {
  normalizeUserCode,
  formatUserCode,
  type BrowserActivationStartBody,
  type PortalBrowserActivation,
  type PortalBrowserActivationDecided,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { HttpError, notFound } from '../lib/http-error';
import { activateMachine } from '../licenses/activation/activate-machine';
import { recordAudit } from '../audit/queries/audit-log';
import type { Customer } from '../portal/customer-authentication';
import { findMyLicenseOfProduct, findRequestByUserCode, licensesThatCanTake, recordDecision } from './queries';
import { CODE_EXPIRED, CODE_NOT_FOUND, CODE_USED, LICENSE_OF_OTHER_PRODUCT } from './words';

type Versions = Pick<
  BrowserActivationStartBody,
  'hardware_fingerprint_version' | 'signature_seed_version' | 'license_file_version'
>;
type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequestByUserCode>>>;

/** The request of a typed code in the customer's portal: unknown (or another manufacturer's) is a 404 in plain words. */
async function requestOf(db: Db, customer: Customer, typed: string, lock = false): Promise<FoundRequest> {
  const userCode = normalizeUserCode(typed);
  const request = userCode ? await findRequestByUserCode(db, customer.manufacturerId, userCode, { lock }) : undefined;
  if (!request) throw new HttpError(404, CODE_NOT_FOUND);
  return request;
}

/** Only a pending request that has not expired may be decided. */
function refuseUndecidable(request: FoundRequest) {
  if (request.status !== 'pending') throw new HttpError(409, CODE_USED);
  if (request.expired) throw new HttpError(409, CODE_EXPIRED);
}

const decided = (request: FoundRequest, status: PortalBrowserActivationDecided['status']) => ({
  user_code: formatUserCode(request.user_code),
  status,
  product: { id: request.product_id, name: request.product_name },
});

/** What the approval page shows: the product, the machine, the expiry, and the licences that can take it. */
export async function lookUpRequest(db: Db, customer: Customer, typed: string): Promise<PortalBrowserActivation> {
  const request = await requestOf(db, customer, typed);
  refuseUndecidable(request);
  const licenses = await licensesThatCanTake(db, customer, request.product_id, request.hardware_fingerprint);
  return {
    ...decided(request, 'pending'),
    machine_name: request.machine_name,
    hardware_fingerprint: request.hardware_fingerprint,
    expires_at: request.expires_at.toISOString(),
    licenses: licenses.map((license) => ({
      id: license.id,
      serial: license.serial,
      license_type: license.license_type,
      active_machines: license.active_machines,
      machine_limit: license.machine_limit,
      holds_this_machine: Boolean(license.holds_this_machine),
    })),
  };
}

/**
 * Approves with one of the customer's licences of the request's product: the machine is activated now through the
 * one activation core (machine limit, machine name, audit with the customer as actor, webhooks), the signed file
 * kept for the plugin's next poll, all in one transaction. Another customer's licence is a 404 like an unknown one.
 */
export function approveRequest(
  db: Db,
  productKeyOf: ProductKeyOf,
  customer: Customer,
  address: string,
  typed: string,
  licenseId: number,
): Promise<PortalBrowserActivationDecided> {
  return db.transaction().execute(async (trx) => {
    const request = await requestOf(trx, customer, typed, true);
    // Whose licence first: another customer's is unknown to them, whatever the request's state.
    const license = await findMyLicenseOfProduct(trx, customer, licenseId, request.product_id);
    if (!license) throw notFound(LICENSE_OF_OTHER_PRODUCT);
    refuseUndecidable(request);
    const file = await activateMachine(trx, productKeyOf, {
      license: { productId: request.product_id, serial: license.serial },
      hardwareFingerprint: request.hardware_fingerprint,
      // The versions were held to the start body's schema when the request was made.
      body: {
        hardware_fingerprint_version: request.hardware_fingerprint_version,
        signature_seed_version: request.signature_seed_version,
        license_file_version: request.license_file_version,
      } as Versions,
      machineName: request.machine_name,
      // The look-up was counted against the portal's own limits (portal-limits.ts) before the request was read.
      activator: {
        kind: 'client',
        address,
        limits: [],
        admit: () => undefined,
        customer: { endUserId: customer.endUserId },
      },
    });
    await recordDecision(trx, request.id, {
      status: 'approved',
      endUserId: customer.endUserId,
      licenseId: license.id,
      licenseFile: JSON.stringify(file),
    });
    await recordAudit(trx, customer, {
      manufacturerId: customer.manufacturerId,
      action: 'portal.license.browser-activate',
      entityType: 'license',
      entityId: license.id,
      after: {
        actor: 'customer',
        hardware_fingerprint: file.hardware_fingerprint,
        machine_name: request.machine_name,
        user_code: formatUserCode(request.user_code),
        issued_at: file.issued_at,
      },
    });
    return decided(request, 'approved');
  });
}

/** Refuses the request: the plugin's next poll hears `access_denied`. */
export function denyRequest(db: Db, customer: Customer, typed: string): Promise<PortalBrowserActivationDecided> {
  return db.transaction().execute(async (trx) => {
    const request = await requestOf(trx, customer, typed, true);
    refuseUndecidable(request);
    await recordDecision(trx, request.id, { status: 'denied', endUserId: customer.endUserId });
    return decided(request, 'denied');
  });
}
