import { BUYER_MAIL_KINDS, type DisableReason } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { LicenseDisabledMail, licenseDisabledSubject } from '../email/templates/license-disabled-mail';
import { mailLicenseOwners } from './buyer-mail-target';

/**
 * Tells each owner of `licenseIds` that a refund (or chargeback) disabled them, why, and what the plugin does now;
 * written in the refund's transaction. Nothing when the manufacturer switched the mail off.
 */
export const mailDisabledLicenses = (
  trx: Db,
  publicUrl: string,
  manufacturerId: number,
  licenseIds: readonly number[],
  reason: DisableReason,
) =>
  mailLicenseOwners(
    trx,
    { publicUrl, manufacturerId, licenseIds, switchedBy: 'license_disabled' },
    (licenses, { brand, portalPage }) => ({
      kind: BUYER_MAIL_KINDS.license_disabled,
      subject: licenseDisabledSubject(brand.manufacturerName, licenses.length > 1),
      body: (
        <LicenseDisabledMail
          manufacturerName={brand.manufacturerName}
          brandColor={brand.brandColor}
          licenses={licenses}
          reason={reason}
          portalLink={portalPage('licenses')}
        />
      ),
    }),
  );
