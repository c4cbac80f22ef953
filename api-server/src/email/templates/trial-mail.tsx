import type { ReactElement } from 'react';
import { PortalButton } from './portal-button';

export interface TrialMailProps {
  manufacturerName: string;
  brandColor: string;
  productName: string;
  /** The trial's end, in words (UTC). */
  endsAt: string;
  ended: boolean;
  /** The portal's licences page; null without a portal. */
  portalLink: string | null;
}

/** "Your trial ends in 3 days" or "Your trial has ended": when, what happens, how to keep using the plugin. */
export function TrialMail({
  manufacturerName,
  brandColor,
  productName,
  endsAt,
  ended,
  portalLink,
}: TrialMailProps): ReactElement {
  return (
    <div>
      {ended ? (
        <p>
          Your trial of {productName} ended on {endsAt}. The plugin no longer runs as a trial on your machine.
        </p>
      ) : (
        <p>
          Your trial of {productName} ends on {endsAt}, in 3 days. Until then it works fully; after that it stops
          working until it is activated with a serial.
        </p>
      )}
      <p>
        To keep using it, buy a licence from {manufacturerName}: you get a serial by mail. Open the plugin, choose
        Activate and type the serial; your settings and projects stay as they are.
      </p>
      {portalLink ? <PortalButton link={portalLink} label="Open your customer portal" color={brandColor} /> : null}
      <p>Questions? Reply to this mail: it reaches {manufacturerName}.</p>
    </div>
  );
}

export const trialMailSubject = (productName: string, ended: boolean) =>
  ended ? `Your ${productName} trial has ended` : `Your ${productName} trial ends in 3 days`;
