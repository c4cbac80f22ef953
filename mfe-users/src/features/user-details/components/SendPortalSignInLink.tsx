import { useState } from 'react';
import styled from 'styled-components';
import { Button, ConfirmDialog, errorMessage, ErrorText, formatDateTime, Stack, type EndUserDetails } from 'shared-kit';
import { usePortalSettings } from '../api/get-portal-settings';
import { useSendPortalSignInLink } from '../api/send-portal-sign-in-link';

export const SEND_LINK_LABEL = 'Send portal sign-in link';
export const PORTAL_OFF_REASON =
  'The customer portal is switched off. Switch it on in Manufacturer Details (Customer portal) to send a sign-in link.';
export const SEND_LINK_FAILED = 'The sign-in link could not be sent. Please try again.';

const Reason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * Mails the user a sign-in code and link to the manufacturer's customer portal, after a confirmation naming where it
 * goes. Held back, with the reason beside it, while the portal is switched off.
 */
export function SendPortalSignInLink({ user }: { user: Pick<EndUserDetails, 'id' | 'email' | 'manufacturer_id'> }) {
  const portal = usePortalSettings(user.manufacturer_id);
  const send = useSendPortalSignInLink();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const portalOff = portal.data?.enabled === false;
  const reasonId = `portal-link-reason-${user.id}`;

  const confirm = async () => {
    setNotice('');
    setFailure(null);
    try {
      const sent = await send.trigger({ userId: user.id });
      setNotice(`Sign-in link sent to ${sent.sent_to}. Its code works until ${formatDateTime(sent.expires_at)}.`);
    } catch (error) {
      setFailure(errorMessage(error, SEND_LINK_FAILED));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack $align="flex-start" $gap="xs">
      <Button
        onClick={() => setConfirming(true)}
        disabled={portalOff || send.isMutating}
        aria-describedby={portalOff ? reasonId : undefined}
      >
        {SEND_LINK_LABEL}
      </Button>
      {portalOff && <Reason id={reasonId}>{PORTAL_OFF_REASON}</Reason>}
      <p role="status">{notice}</p>
      {failure && <ErrorText>{failure}</ErrorText>}
      <ConfirmDialog
        open={confirming}
        title="Send portal sign-in link"
        message={
          <>
            Mail {user.email} a sign-in code and link to the customer portal
            {portal.data ? ` at ${portal.data.portal_url}` : ''}? They work once and replace any earlier sign-in mail.
          </>
        }
        confirmLabel="Send"
        busy={send.isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
