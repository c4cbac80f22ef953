import type { AnyLicenseFile, ClientActivateBody, LicenseFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { activateMachine } from '../licenses/activation/activate-machine';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { machineNameOf } from '../licenses/machine-name';
import { countedSerialOf, type GuardedClientCall } from './client-values';

/**
 * Activates a licence by its serial on this machine: the same signed `.ops` file as the staff Download
 * (docs/licence-file.md; version 2 when the plugin asks for it with `license_file_version`), held to the product's machine limit, the machine's name (if sent) kept unsigned beside it, the call counted against its rate limits in the
 * licence's read (the activation core, `licenses/activation/activate-machine.ts`).
 */
export function activateBySerial(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: GuardedClientCall,
  body: ClientActivateBody & { license_file_version?: 1 },
): Promise<LicenseFile>;
export function activateBySerial(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: GuardedClientCall,
  body: ClientActivateBody,
): Promise<AnyLicenseFile>;
export async function activateBySerial(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: GuardedClientCall,
  body: ClientActivateBody,
): Promise<AnyLicenseFile> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const machineName = machineNameOf(body.machine_name);
  const serial = await countedSerialOf(db, call, body.serial);
  return activateMachine(db, productKeyOf, {
    license: { productId: body.product_id, serial },
    hardwareFingerprint,
    body,
    machineName,
    activator: {
      kind: 'client',
      address: call.address,
      limits: call.limits,
      admit: call.admit,
      customer: call.customer,
    },
  });
}
