import { useState } from 'react';
import styled from 'styled-components';
import {
  BUYER_MAILS,
  BUYER_MAIL_WORDS,
  Button,
  Checkbox,
  Section,
  Spinner,
  errorMessage,
  type BuyerMail,
} from 'shared-kit';
import { useBuyerMails } from '../api/get-buyer-mails';
import { useUpdateBuyerMails } from '../api/update-buyer-mails';

export const BUYER_MAILS_LOAD_FAILED = 'The mails to buyers could not be loaded.';
export const BUYER_MAILS_SAVE_FAILED = 'The change could not be saved. Please try again.';
export const buyerMailSaved = (mail: BuyerMail, on: boolean) =>
  `${BUYER_MAIL_WORDS[mail].label}: ${on ? 'sent' : 'not sent'} from now on.`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const When = styled.span`
  display: block;
  margin-left: 26px;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Which mails ProductHub sends the manufacturer's buyers: one switch each, saved as it is flipped. */
export function BuyerMailsSection({ manufacturerId }: { manufacturerId: number }) {
  const switches = useBuyerMails(manufacturerId);
  const update = useUpdateBuyerMails();
  const [status, setStatus] = useState('');

  const flip = async (mail: BuyerMail, on: boolean) => {
    setStatus('');
    try {
      await update.trigger({ manufacturerId, switches: { [mail]: on } });
      setStatus(buyerMailSaved(mail, on));
    } catch (error) {
      setStatus(errorMessage(error, BUYER_MAILS_SAVE_FAILED));
    }
  };

  return (
    <Section title="Mails to buyers">
      <Note>
        ProductHub mails your customers when these things happen, in your mail settings&apos; name and colours. A mail
        switched off is not written at all.
      </Note>
      {switches.data ? (
        <List>
          {BUYER_MAILS.map((mail) => (
            <li key={mail}>
              <Checkbox
                checked={switches.data![mail]}
                disabled={update.isMutating}
                label={BUYER_MAIL_WORDS[mail].label}
                onCheckedChange={(on) => void flip(mail, on)}
              />
              <When>{BUYER_MAIL_WORDS[mail].when}</When>
            </li>
          ))}
        </List>
      ) : switches.isLoading ? (
        <Spinner label="Loading mails to buyers..." />
      ) : (
        <div>
          <Note>{errorMessage(switches.error, BUYER_MAILS_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void switches.mutate()}>
            Retry
          </Button>
        </div>
      )}
      <Note role="status">{status}</Note>
    </Section>
  );
}
