import type { ReactElement } from 'react';
import { STAFF_ROLE_LABELS, type StaffRole } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { PortalButton } from '../email/templates/portal-button';
import { readMailBrand } from '../email/brand';

export const STAFF_INVITE_MAIL_KIND = 'staff.invite';

interface StaffInviteMailProps {
  manufacturerName: string;
  brandColor: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
  link: string;
}

/** "You are invited to … on ProductHub": who invited them, as what, the link and how long it works. */
function StaffInviteMail(props: StaffInviteMailProps): ReactElement {
  const { manufacturerName, brandColor, role, invitedBy, expiresAt, link } = props;
  return (
    <div>
      <p>
        {invitedBy} invited you to the ProductHub console of {manufacturerName}, as{' '}
        {STAFF_ROLE_LABELS[role].toLowerCase()}.
      </p>
      <p>Open the link to choose your password and sign in. It works once, until {expiresAt}.</p>
      <PortalButton link={link} label="Accept the invite" color={brandColor} />
      <p>If you did not expect this mail, ignore it: nothing happens until the link is opened.</p>
    </div>
  );
}

export interface InviteMail {
  manufacturerId: number;
  to: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: Date;
  /** The console's link with the one-time token. */
  link: string;
  token: string;
}

/** Written in the transaction that makes the invite; the token is masked in the Emails log. */
export async function mailStaffInvite(trx: Db, mail: InviteMail): Promise<void> {
  const brand = await readMailBrand(trx, mail.manufacturerId);
  if (!brand) return;
  await sendTemplatedEmail(trx, {
    manufacturerId: mail.manufacturerId,
    to: mail.to,
    kind: STAFF_INVITE_MAIL_KIND,
    subject: `You are invited to the ProductHub console of ${brand.manufacturerName}`,
    transactional: true,
    preview: `Join as ${STAFF_ROLE_LABELS[mail.role]}; the link works for 7 days.`,
    secrets: [mail.token],
    body: (
      <StaffInviteMail
        manufacturerName={brand.manufacturerName}
        brandColor={brand.brandColor}
        role={mail.role}
        invitedBy={mail.invitedBy}
        expiresAt={
          new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
            mail.expiresAt,
          ) + ' UTC'
        }
        link={mail.link}
      />
    ),
  });
}
