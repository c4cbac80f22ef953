import { formatDate, type LicenseTerms } from 'shared-kit';
import { useLicenseTerms } from '../api/get-license-terms';

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

/** A licence's edition, expiry and maintenance end, above its machines (the licence tables keep their columns). */
export function LicenseTermsSummary({ licenseId }: { licenseId: number }) {
  const { data } = useLicenseTerms(licenseId);
  const lines = data ? termsInWords(data) : [];
  if (lines.length === 0) return null;
  return (
    <ul aria-label="License terms">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
