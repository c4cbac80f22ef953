import type { ReactElement } from 'react';
import { PortalButton } from './portal-button';

const SERIAL_STYLE = { fontFamily: 'monospace', fontSize: '17px', fontWeight: 700, margin: '0 0 12px' } as const;

export interface IssuedLicenseLine {
  productName: string;
  serial: string;
}

export interface LicenseIssuedMailProps {
  manufacturerName: string;
  brandColor: string;
  licenses: readonly IssuedLicenseLine[];
  /** The portal's downloads page (sign-in by code from there); null when the manufacturer has no portal switched on. */
  portalLink: string | null;
}

/** "Your licence": each product with its serial, how to activate in three steps, and the way into the portal. */
export function LicenseIssuedMail({
  manufacturerName,
  brandColor,
  licenses,
  portalLink,
}: LicenseIssuedMailProps): ReactElement {
  const several = licenses.length > 1;
  return (
    <div>
      <p>
        Thank you for buying from {manufacturerName}. {several ? 'Here are your licences:' : 'Here is your licence:'}
      </p>
      {licenses.map((license) => (
        <div key={license.serial}>
          <p style={{ margin: '12px 0 4px' }}>
            <strong>{license.productName}</strong>
          </p>
          <p style={SERIAL_STYLE}>{license.serial}</p>
        </div>
      ))}
      <p>To activate:</p>
      <ol>
        <li>
          {portalLink ? 'Download and install the plugin from your customer portal (below).' : 'Install the plugin.'}
        </li>
        <li>Open it in your music software and choose Activate.</li>
        <li>Type or paste the serial above.</li>
      </ol>
      {portalLink ? (
        <>
          <p>
            Your customer portal has the downloads, your licences and the machines they run on. Sign in with this email
            address: the portal mails you a code.
          </p>
          <PortalButton link={portalLink} label="Open your customer portal" color={brandColor} />
        </>
      ) : null}
      <p>Keep this mail: the serial is your proof of purchase.</p>
    </div>
  );
}

export const licenseIssuedSubject = (manufacturerName: string, licenses: readonly IssuedLicenseLine[]) =>
  licenses.length === 1
    ? `Your ${licenses[0]!.productName} licence from ${manufacturerName}`
    : `Your ${licenses.length} licences from ${manufacturerName}`;
