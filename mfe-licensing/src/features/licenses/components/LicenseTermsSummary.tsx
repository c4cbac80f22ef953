import { useState } from 'react';
import { Button, Row, formatDate, useSaveNotice, type License, type LicenseTerms } from 'shared-kit';
import { useLicenseTerms } from '../api/get-license-terms';
import { useProductEditions } from '../api/get-product-editions';
import { useProductPolicies } from '../api/get-product-policies';
import { ChangeEditionDialog } from './ChangeEditionDialog';
import { RenewLicenseDialog } from './RenewLicenseDialog';

/** The terms in words, one line each; none when the licence has no policy's terms. */
export function termsInWords(terms: LicenseTerms): string[] {
  const lines: string[] = [];
  if (terms.edition)
    lines.push(
      `Edition: ${terms.edition.name}${terms.edition.features.length ? ` (${terms.edition.features.join(', ')})` : ''}`,
    );
  if (terms.expires_at)
    lines.push(
      `${terms.expired ? 'Expired' : 'Expires'}: ${formatDate(terms.expires_at)}${terms.grace_days ? ` (${terms.grace_days} days' grace)` : ''}`,
    );
  if (terms.maintenance_ends_at) lines.push(`Updates until: ${formatDate(terms.maintenance_ends_at)}`);
  else if (terms.maintenance_months !== null)
    lines.push(`Updates: ${terms.maintenance_months} months from the first activation`);
  return lines;
}

/**
 * A licence's edition, expiry and maintenance end, above its machines (the licence tables keep their columns), with
 * Change edition when its product has editions and Renew when it runs for a time.
 */
export function LicenseTermsSummary({ license }: { license: License }) {
  const { data: terms, mutate: setTerms } = useLicenseTerms(license.id);
  const editions = useProductEditions(license.product_id).data?.data ?? [];
  const policy = useProductPolicies(license.product_id).data?.data.find(
    (each) => each.license_type === license.license_type,
  );
  const notify = useSaveNotice();
  const [open, setOpen] = useState<'edition' | 'renew' | null>(null);
  if (!terms) return null;
  const lines = termsInWords(terms);
  const timeLimited = policy?.term === 'time-limited';
  const canRenew = terms.expires_at !== null || timeLimited;
  const canChangeEdition = editions.length > 0;
  if (lines.length === 0 && !canRenew && !canChangeEdition) return null;
  return (
    <>
      {lines.length > 0 && (
        <ul aria-label="License terms">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {(canChangeEdition || canRenew) && (
        <Row $gap="sm" $wrap>
          {canChangeEdition && <Button onClick={() => setOpen('edition')}>Change edition</Button>}
          {canRenew && <Button onClick={() => setOpen('renew')}>Renew</Button>}
        </Row>
      )}
      {open === 'edition' && (
        <ChangeEditionDialog
          license={license}
          editions={editions}
          currentEditionId={terms.edition?.id ?? null}
          onChanged={(changed) => {
            void setTerms(changed, { revalidate: false });
            setOpen(null);
            notify({ message: `License ${license.serial} is now ${changed.edition?.name ?? 'without an edition'}.` });
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'renew' && (
        <RenewLicenseDialog
          license={license}
          terms={terms}
          durationDays={timeLimited ? (policy?.duration_days ?? null) : null}
          onRenewed={(renewed) => {
            void setTerms(renewed, { revalidate: false });
            setOpen(null);
            notify({ message: `License ${license.serial} renewed until ${formatDate(renewed.expires_at)}.` });
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
