import { BUYER_MAIL_KINDS, type DisableReason } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { LicenseDisabledMail, licenseDisabledSubject } from '../email/templates/license-disabled-mail';
import { buyerMailContext, licensesByBuyer } from './buyer-mail-target';
import { buyerMailOn } from './queries/switches';

/**
 * Tells each owner of `licenseIds` that a refund (or chargeback) disabled them, why, and what the plugin does now;
 * written in the refund's transaction. Nothing when the manufacturer switched the mail off.
 */
export async function mailDisabledLicenses(
  trx: Db,
  publicUrl: string,
  manufacturerId: number,
  licenseIds: readonly number[],
  reason: DisableReason,
): Promise<void> {
  if (licenseIds.length === 0 || !(await buyerMailOn(trx, manufacturerId, 'license_disabled'))) return;
  const byOwner = await licensesByBuyer(trx, manufacturerId, licenseIds);
  if (byOwner.size === 0) return;
  const { brand, portalPage } = await buyerMailContext(trx, publicUrl, manufacturerId);
  for (const [to, lines] of byOwner) {
    await sendTemplatedEmail(trx, {
      brand,
      manufacturerId,
      to,
      kind: BUYER_MAIL_KINDS.license_disabled,
      subject: licenseDisabledSubject(brand.manufacturerName, lines.length > 1),
      transactional: true,
      body: (
        <LicenseDisabledMail
          manufacturerName={brand.manufacturerName}
          brandColor={brand.brandColor}
          licenses={lines}
          reason={reason}
          portalLink={portalPage('licenses')}
        />
      ),
    });
  }
}
