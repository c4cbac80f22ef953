import { portalLink, portalPageAddress, type PortalPageName } from 'shared-kit/pages';
import type { BuyerMail } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { readMailBrand, type MailBrand } from '../email/brand';
import { checkMailAddress } from '../email/mail-address';
import { sendTemplatedEmail, type TemplatedEmail } from '../email/send-templated-email';
import { buyerMailOn } from './queries/switches';
import { findPortalSettings } from '../portal/portals';
import { findLicenses } from '../licenses/queries/licenses';

/** What every buyer mail of a manufacturer needs beside its content: the brand, and its portal when switched on. */
export interface BuyerMailContext {
  brand: MailBrand;
  /** A page of the manufacturer's portal (a signed-out buyer signs in by code there first); null without a portal. */
  portalPage: (page: PortalPageName) => string | null;
}

export async function buyerMailContext(db: Db, publicUrl: string, manufacturerId: number): Promise<BuyerMailContext> {
  const [brand, portal] = await Promise.all([
    readMailBrand(db, manufacturerId),
    findPortalSettings(db, manufacturerId),
  ]);
  if (!brand || !portal) throw new Error(`no manufacturer ${manufacturerId} to mail a buyer for`);
  return buyerMailContextOf(publicUrl, brand, portal);
}

/** The context from the brand and the portal's settings when the caller has read them already. */
export function buyerMailContextOf(
  publicUrl: string,
  brand: MailBrand,
  portal: { portal_slug: string; portal_enabled: boolean },
): BuyerMailContext {
  return {
    brand,
    portalPage: (page) =>
      portal.portal_enabled ? `${publicUrl}${portalPageAddress(portal.portal_slug, portalLink(page))}` : null,
  };
}

/**
 * The address a buyer mail goes to, or null when the end user's email cannot receive mail (an imported address
 * from before the checks): the change that causes the mail still happens, without it.
 */
export function buyerAddress(email: string | null | undefined): string | null {
  if (!email) return null;
  const checked = checkMailAddress(email);
  return checked.ok ? checked.address : null;
}

/** A licence as a buyer mail lists it. */
export interface MailedLicense {
  productName: string;
  serial: string;
}

/** The licences of `licenseIds` by the address of their owner, for one mail per owner; owners without one are left out. */
export async function licensesByBuyer(
  db: Db,
  manufacturerId: number,
  licenseIds: readonly number[],
): Promise<Map<string, MailedLicense[]>> {
  const byOwner = new Map<string, MailedLicense[]>();
  for (const license of await findLicenses(db, manufacturerId, [...licenseIds])) {
    const to = buyerAddress(license.user.email);
    if (to)
      byOwner.set(to, [...(byOwner.get(to) ?? []), { productName: license.product.name, serial: license.serial }]);
  }
  return byOwner;
}

/** The licences a mail is about, and the manufacturer switch that lets it go out. */
export interface LicenseOwnersMail {
  publicUrl: string;
  manufacturerId: number;
  licenseIds: readonly number[];
  switchedBy: BuyerMail;
}

/**
 * Writes one mail per owner of `licenseIds` (every licence of theirs in it) into the outbox in the caller's
 * transaction; nothing when the manufacturer switched the mail off, or for an owner whose email cannot receive mail.
 */
export async function mailLicenseOwners(
  trx: Db,
  mail: LicenseOwnersMail,
  compose: (
    licenses: MailedLicense[],
    context: BuyerMailContext,
  ) => Pick<TemplatedEmail, 'kind' | 'subject' | 'preview' | 'body'>,
): Promise<void> {
  const { publicUrl, manufacturerId, licenseIds } = mail;
  if (licenseIds.length === 0 || !(await buyerMailOn(trx, manufacturerId, mail.switchedBy))) return;
  const byOwner = await licensesByBuyer(trx, manufacturerId, licenseIds);
  if (byOwner.size === 0) return;
  const context = await buyerMailContext(trx, publicUrl, manufacturerId);
  for (const [to, licenses] of byOwner)
    await sendTemplatedEmail(trx, {
      brand: context.brand,
      manufacturerId,
      to,
      transactional: true,
      ...compose(licenses, context),
    });
}
