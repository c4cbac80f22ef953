import type { ClientMachineBody, DeactivationResult } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { deactivateLicenseMachine } from '../licenses/activation/deactivate-machine';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { documentTime, serialOf, type ClientCall } from './client-values';

/** The customer frees this machine's slot (their plugin then deletes its licence file); capped, audited (the core, `licenses/activation/deactivate-machine.ts`). */
export async function deactivateBySerial(
  db: Db,
  call: ClientCall,
  body: ClientMachineBody,
): Promise<DeactivationResult> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const { license, machine, deactivationsLeft } = await deactivateLicenseMachine(db, {
    license: { productId: body.product_id, serial: serialOf(body.serial) },
    deactivator: { kind: 'client', address: call.address, hardwareFingerprint },
  });
  return {
    serial: license.serial,
    hardware_fingerprint: hardwareFingerprint,
    deactivated_at: documentTime(machine.deactivated_at),
    deactivations_left: deactivationsLeft,
  };
}
