import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { LicenseIssuedMail, licenseIssuedSubject } from '../email/templates/license-issued-mail';
import type { MailBrand } from '../email/brand';
import { renderWithTokens } from '../email/render-with-tokens';
import { outboxRowOf, renderTemplatedEmail, type TemplatedEmail } from '../email/send-templated-email';
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

/**
 * The "your licence" mail of one owner's licences as its outbox row (email/send-templated-email.tsx `outboxRowOf`),
 * byte for byte, rendered once per kind, brand, portal and products: the serials are put in (render-with-tokens.ts).
 */
export function licenseIssuedOutboxRow(
  manufacturerId: number,
  to: string,
  licenses: MailedLicense[],
  context: BuyerMailContext,
  issuedBy: IssuedBy,
) {
  const { brand } = context;
  const mailOf = (serials: readonly string[]) => ({
    manufacturerId,
    to,
    transactional: true,
    ...licenseIssuedMail(
      licenses.map((license, index) => ({ productName: license.productName, serial: serials[index]! })),
      context,
      issuedBy,
    ),
  });
  const serials = licenses.map((license) => license.serial);
  const key = JSON.stringify([
    issuedBy,
    brandKey(brand),
    context.portalPage('downloads'),
    licenses.map((l) => l.productName),
  ]);
  return outboxRowOf(
    mailOf(serials),
    brand,
    renderWithTokens(key, serials, (tokens) => renderTemplatedEmail(mailOf(tokens), brand)),
  );
}

/** Every field of the brand a mail shows, in a fixed order. */
const brandKey = (brand: MailBrand) => [
  brand.manufacturerName,
  brand.senderName,
  brand.replyTo,
  brand.logoUrl,
  brand.brandColor,
];
