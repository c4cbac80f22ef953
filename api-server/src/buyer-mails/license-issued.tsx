import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { LicenseIssuedMail, licenseIssuedSubject } from '../email/templates/license-issued-mail';
import { buyerMailContext, licensesByBuyer } from './buyer-mail-target';
import { buyerMailOn } from './queries/switches';

/** How the licences came: a sale (an order, a redeemed serial) or staff in the console; each has its own switch. */
export type IssuedBy = 'license_issued' | 'license_issued_by_staff';

/**
 * Writes "your licence" to each owner of `licenseIds` (one mail per owner, every serial in it) into the outbox in the
 * caller's transaction, so the mail exists exactly when the licences do. Nothing when the manufacturer switched the
 * mail off, or for an owner whose email cannot receive mail.
 */
export async function mailIssuedLicenses(
  trx: Db,
  publicUrl: string,
  manufacturerId: number,
  licenseIds: readonly number[],
  issuedBy: IssuedBy,
): Promise<void> {
  if (licenseIds.length === 0 || !(await buyerMailOn(trx, manufacturerId, issuedBy))) return;
  const byOwner = await licensesByBuyer(trx, manufacturerId, licenseIds);
  if (byOwner.size === 0) return;
  const { brand, portalPage } = await buyerMailContext(trx, publicUrl, manufacturerId);
  for (const [to, lines] of byOwner) {
    await sendTemplatedEmail(trx, {
      brand,
      manufacturerId,
      to,
      kind: BUYER_MAIL_KINDS[issuedBy],
      subject: licenseIssuedSubject(brand.manufacturerName, lines),
      transactional: true,
      preview:
        lines.length === 1 ? `Your serial: ${lines[0]!.serial}` : `Your ${lines.length} serials and how to activate.`,
      body: (
        <LicenseIssuedMail
          manufacturerName={brand.manufacturerName}
          brandColor={brand.brandColor}
          licenses={lines}
          portalLink={portalPage('downloads')}
        />
      ),
    });
  }
}
