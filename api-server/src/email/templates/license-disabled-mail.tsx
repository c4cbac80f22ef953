import type { ReactElement } from 'react';
import type { DisableReason } from 'shared-kit/contract';
import { PortalButton } from './portal-button';

/** Why a refund disabled a licence, in the buyer's words. */
export const DISABLED_BECAUSE: Record<DisableReason, string> = {
  CancelledOrder: 'your order was refunded or cancelled',
  DuplicateOrder: 'your order was a duplicate of another order, which keeps its licence',
  FraudulentUse: 'the payment for your order was disputed or charged back',
};

export interface LicenseDisabledMailProps {
  manufacturerName: string;
  brandColor: string;
  licenses: readonly { productName: string; serial: string }[];
  reason: DisableReason;
  portalLink: string | null;
}

/** "Your licence no longer works": which, why, what the plugin does now, whom to ask. */
export function LicenseDisabledMail({
  manufacturerName,
  brandColor,
  licenses,
  reason,
  portalLink,
}: LicenseDisabledMailProps): ReactElement {
  const several = licenses.length > 1;
  return (
    <div>
      <p>
        {manufacturerName} disabled {several ? 'these licences' : 'this licence'} because {DISABLED_BECAUSE[reason]}:
      </p>
      <ul>
        {licenses.map((license) => (
          <li key={license.serial}>
            {license.productName}: <span style={{ fontFamily: 'monospace' }}>{license.serial}</span>
          </li>
        ))}
      </ul>
      <p>
        What this means: the plugin stops working with {several ? 'these serials' : 'this serial'} the next time it
        checks its licence, on every machine it was activated on. Activating it again is refused.
      </p>
      <p>If you think this is a mistake, reply to this mail: it reaches {manufacturerName}.</p>
      {portalLink ? <PortalButton link={portalLink} label="See your licences" color={brandColor} /> : null}
    </div>
  );
}

export const licenseDisabledSubject = (manufacturerName: string, several: boolean) =>
  several ? `Your ${manufacturerName} licences were disabled` : `Your ${manufacturerName} licence was disabled`;
