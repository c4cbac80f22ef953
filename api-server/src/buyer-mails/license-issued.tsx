import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { LicenseIssuedMail, licenseIssuedSubject } from '../email/templates/license-issued-mail';
import type { TemplatedEmail } from '../email/send-templated-email';
import { mailLicenseOwners, type BuyerMailContext, type MailedLicense } from './buyer-mail-target';

/** How the licences came: a sale (an order, a redeemed serial) or staff in the console; each has its own switch. */
export type IssuedBy = 'license_issued' | 'license_issued_by_staff';

/**
 * Writes "your licence" to each owner of `licenseIds` (one mail per owner, every serial in it) into the outbox in the
 * caller's transaction, so the mail exists exactly when the licences do. Nothing when the manufacturer switched the
 * mail off, or for an owner whose email cannot receive mail.
 */
export const mailIssuedLicenses = (
  trx: Db,
  publicUrl: string,
  manufacturerId: number,
  licenseIds: readonly number[],
  issuedBy: IssuedBy,
) =>
  mailLicenseOwners(trx, { publicUrl, manufacturerId, licenseIds, switchedBy: issuedBy }, (licenses, context) =>
    licenseIssuedMail(licenses, context, issuedBy),
  );

/** The "your licence" mail of one owner's licences (every serial in it). */
export function licenseIssuedMail(
  licenses: MailedLicense[],
  { brand, portalPage }: BuyerMailContext,
  issuedBy: IssuedBy,
): Pick<TemplatedEmail, 'kind' | 'subject' | 'preview' | 'body'> {
  return {
    kind: BUYER_MAIL_KINDS[issuedBy],
    subject: licenseIssuedSubject(brand.manufacturerName, licenses),
    preview:
      licenses.length === 1
        ? `Your serial: ${licenses[0]!.serial}`
        : `Your ${licenses.length} serials and how to activate.`,
    body: (
      <LicenseIssuedMail
        manufacturerName={brand.manufacturerName}
        brandColor={brand.brandColor}
        licenses={licenses}
        portalLink={portalPage('downloads')}
      />
    ),
  };
}
