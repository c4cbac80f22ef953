import type { ReactElement } from 'react';
import { PortalButton } from './portal-button';

export interface MachineFreedMailProps {
  manufacturerName: string;
  brandColor: string;
  productName: string;
  serial: string;
  machineName: string;
  /** When, in words (UTC). */
  freedAt: string;
  /** Staff of the manufacturer, or the buyer signed in to the portal. */
  freedBy: 'staff' | 'customer';
  portalLink: string | null;
}

/** "A machine was freed": which licence, which machine, when, by whom, and that the serial now fits another machine. */
export function MachineFreedMail(props: MachineFreedMailProps): ReactElement {
  const { manufacturerName, brandColor, productName, serial, machineName, freedAt, freedBy, portalLink } = props;
  return (
    <div>
      <p>
        {freedBy === 'staff'
          ? `${manufacturerName} support freed a machine of your licence.`
          : 'You freed a machine of your licence in the customer portal.'}
      </p>
      <ul>
        <li>
          Licence: {productName}, serial <span style={{ fontFamily: 'monospace' }}>{serial}</span>
        </li>
        <li>Machine: {machineName}</li>
        <li>When: {freedAt}</li>
      </ul>
      <p>
        The plugin on that machine stops working with this serial the next time it checks its licence. The serial can
        now be activated on another machine.
      </p>
      <p>
        {freedBy === 'staff'
          ? 'If you did not ask for this, reply to this mail.'
          : `If this was not you, reply to this mail: it reaches ${manufacturerName}.`}
      </p>
      {portalLink ? <PortalButton link={portalLink} label="See your licences" color={brandColor} /> : null}
    </div>
  );
}

export const machineFreedSubject = (productName: string, machineName: string) =>
  `${machineName} was freed from your ${productName} licence`;
