import { useState } from 'react';
import styled from 'styled-components';
import { Checkbox, ConfirmDialog, ErrorText, errorMessage } from 'shared-kit';
import { useUpdatePortalSettings } from '../api/update-portal-settings';
import type { PortalSettingsPartProps } from './portal-settings-part';

export const PORTAL_ON_LABEL = 'Portal switched on: customers can sign in';
export const SWITCH_OFF_WARNING =
  'While the portal is off, customers cannot sign in, and those signed in lose access until it is switched on again. Nothing is deleted.';
export const SWITCHED_OFF = 'Portal switched off.';
export const SWITCHED_ON = 'Portal switched on.';
export const SWITCH_FAILED = 'The portal could not be switched. Please try again.';

const Hint = styled.p`
  margin: ${({ theme }) => `${theme.spacing.xs} 0 0`};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** On at once; off only after a confirmation, since customers are then shut out. */
export function PortalSwitch({ manufacturerId, settings, onSaved }: PortalSettingsPartProps) {
  const update = useUpdatePortalSettings();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (enabled: boolean) => {
    onSaved('');
    setFailure(null);
    try {
      await update.trigger({ manufacturerId, change: { enabled } });
      setConfirmingOff(false);
      onSaved(enabled ? SWITCHED_ON : SWITCHED_OFF);
    } catch (error) {
      setConfirmingOff(false);
      setFailure(errorMessage(error, SWITCH_FAILED));
    }
  };

  return (
    <div>
      <Checkbox
        label={PORTAL_ON_LABEL}
        checked={settings.enabled}
        disabled={update.isMutating}
        onCheckedChange={(checked) => (checked ? void change(true) : setConfirmingOff(true))}
      />
      {!settings.enabled && <Hint>The portal is off: its page says so, and customers cannot sign in.</Hint>}
      {failure && <ErrorText>{failure}</ErrorText>}
      <ConfirmDialog
        open={confirmingOff}
        title="Switch the portal off?"
        message={SWITCH_OFF_WARNING}
        confirmLabel="Switch off"
        confirmVariant="danger"
        busy={update.isMutating}
        onConfirm={() => void change(false)}
        onCancel={() => setConfirmingOff(false)}
      />
    </div>
  );
}
