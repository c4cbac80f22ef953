import { useState } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, Section, Spinner, Stack } from 'shared-kit';
import { usePortalSettings } from '../api/get-portal-settings';
import { PortalSlugForm } from './PortalSlugForm';
import { PortalSwitch } from './PortalSwitch';

export const PORTAL_LOAD_FAILED = 'The portal settings could not be loaded.';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Address = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Parts = styled(Stack)`
  margin-bottom: ${({ theme }) => theme.spacing.sm};
`;

/** The manufacturer's customer portal (docs/portal.md): its address, the slug naming it, and the switch letting customers in. */
export function PortalSection({ manufacturerId }: { manufacturerId: number }) {
  const settings = usePortalSettings(manufacturerId);
  // Kept here: the parts are shown afresh once the saved settings are read back.
  const [saved, setSaved] = useState('');
  return (
    <Section title="Customer portal">
      {settings.data ? (
        <Parts>
          <Address>
            Customers sign in at{' '}
            <a href={settings.data.portal_url} target="_blank" rel="noopener noreferrer">
              {settings.data.portal_url}
            </a>{' '}
            (opens in a new tab)
          </Address>
          <PortalSlugForm manufacturerId={manufacturerId} settings={settings.data} onSaved={setSaved} />
          <PortalSwitch manufacturerId={manufacturerId} settings={settings.data} onSaved={setSaved} />
        </Parts>
      ) : settings.isLoading ? (
        <Spinner label="Loading portal settings..." />
      ) : (
        <div>
          <Note>{errorMessage(settings.error, PORTAL_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void settings.mutate()}>
            Retry
          </Button>
        </div>
      )}
      <Note role="status">{saved}</Note>
    </Section>
  );
}
