import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { MachineFreedMail, machineFreedSubject } from '../email/templates/machine-freed-mail';
import { findLicense } from '../licenses/queries/licenses';
import { buyerAddress, buyerMailContext } from './buyer-mail-target';
import { buyerMailOn } from './queries/switches';

export interface FreedMachine {
  manufacturerId: number;
  licenseId: number;
  machine: { name: string | null; hardware_fingerprint: string; deactivated_at: Date };
  freedBy: 'staff' | 'customer';
}

export const inWordsUtc = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';

/** A machine the plugin gave no name: by the start of its fingerprint, as the portal shows it. */
const machineWords = (machine: FreedMachine['machine']) =>
  machine.name ?? `an unnamed machine (${machine.hardware_fingerprint.slice(0, 12)}…)`;

/**
 * Tells the licence's owner that staff, or they in the portal, freed one of its machines; written in the
 * transaction that frees it. Nothing when the manufacturer switched the mail off. A plugin freeing its own machine
 * mails nobody: the person at it did it.
 */
export async function mailFreedMachine(trx: Db, publicUrl: string, freed: FreedMachine): Promise<void> {
  if (!(await buyerMailOn(trx, freed.manufacturerId, 'machine_freed'))) return;
  const license = await findLicense(trx, freed.manufacturerId, freed.licenseId);
  const to = buyerAddress(license?.user.email);
  if (!license || !to) return;
  const { brand, portalPage } = await buyerMailContext(trx, publicUrl, freed.manufacturerId);
  const machineName = machineWords(freed.machine);
  await sendTemplatedEmail(trx, {
    brand,
    manufacturerId: freed.manufacturerId,
    to,
    kind: BUYER_MAIL_KINDS.machine_freed,
    subject: machineFreedSubject(license.product.name, machineName),
    transactional: true,
    body: (
      <MachineFreedMail
        manufacturerName={brand.manufacturerName}
        brandColor={brand.brandColor}
        productName={license.product.name}
        serial={license.serial}
        machineName={machineName}
        freedAt={inWordsUtc(freed.machine.deactivated_at)}
        freedBy={freed.freedBy}
        portalLink={portalPage('licenses')}
      />
    ),
  });
}
