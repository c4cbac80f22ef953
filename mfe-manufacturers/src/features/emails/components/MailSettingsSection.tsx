import { useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, Section, Spinner, errorMessage, permittedSection } from 'shared-kit';
import { useMailSettings } from '../api/get-mail-settings';
import { MailSettingsForm } from './MailSettingsForm';
import { SendTestEmail } from './SendTestEmail';
import { manufacturersLinks } from 'shared-kit/pages';

export const SETTINGS_LOAD_FAILED = 'The mail settings could not be loaded.';
export const SETTINGS_SAVED = 'Mail settings saved.';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The manufacturer's mail settings, "Send test email", and the way to its Emails log. */
function MailSettingsAndLog({ manufacturerId }: { manufacturerId: number }) {
  const settings = useMailSettings(manufacturerId);
  // Kept here: the form is shown afresh once the saved settings are read back.
  const [saved, setSaved] = useState(false);
  return (
    <Section
      title="Mail settings"
      actions={
        <ButtonLink to={manufacturersLinks.emails(manufacturerId)} aria-label="Emails log">
          Emails
        </ButtonLink>
      }
    >
      {settings.data ? (
        <MailSettingsForm settings={settings.data} onSaved={setSaved} />
      ) : settings.isLoading ? (
        <Spinner label="Loading mail settings..." />
      ) : (
        <div>
          <Note>{errorMessage(settings.error, SETTINGS_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void settings.mutate()}>
            Retry
          </Button>
        </div>
      )}
      <Note role="status">{saved ? SETTINGS_SAVED : ''}</Note>
      <SendTestEmail manufacturerId={manufacturerId} />
    </Section>
  );
}

export const MailSettingsSection = permittedSection('settings.manage', 'Mail settings', MailSettingsAndLog);
