import { useState } from 'react';
import {
  Button,
  ConfirmDialog,
  errorMessage,
  useApiClient,
  type PortalMachine,
  type PortalMachineFreed,
} from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { freeMachine } from '../api/free-machine';

export interface FreeMachineButtonProps {
  licenseId: number;
  machine: PortalMachine;
  machineLabel: string;
  /** The machine was freed: the list is read again. */
  onFreed: (freed: PortalMachineFreed) => void;
  /** The server refused (the cap, a machine freed meanwhile): its words. */
  onRefused: (message: string) => void;
}

/** "Free this machine" with a confirmation: the laptop is gone, its slot opens for another machine. */
export function FreeMachineButton({ licenseId, machine, machineLabel, onFreed, onRefused }: FreeMachineButtonProps) {
  const { t } = useMessages();
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      onFreed(await freeMachine(api, licenseId, machine.id));
    } catch (error) {
      onRefused(errorMessage(error, t('freeMachine.failed')));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={t('freeMachine.buttonFor', { machine: machineLabel })}>
        {t('freeMachine.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('freeMachine.title')}
        message={t('freeMachine.message', { machine: machineLabel })}
        confirmLabel={t('freeMachine.confirm')}
        cancelLabel={t('freeMachine.cancel')}
        confirmVariant="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
