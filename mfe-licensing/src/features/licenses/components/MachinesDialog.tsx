import { useMemo, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  Dialog,
  Table,
  errorMessage,
  useCan,
  useErrorModal,
  type License,
  type LicenseLease,
  type LicenseMachine,
  type LockedControl,
  type TableColumn,
} from 'shared-kit';
import { useDeactivateMachine } from '../api/deactivate-machine';
import { useLicenseMachines } from '../api/get-license-machines';
import { DateTimeCell } from './DateTimeCell';
import { LicenseTermsSummary } from './LicenseTermsSummary';
import { LicenseSeats } from './LicenseSeats';
import { ReleaseSeatDialog } from './ReleaseSeatDialog';
import { machineState } from './machine-state';
import { machineColumn, machineLabel } from './machine-column';

export const NO_MACHINES = 'This license is not activated on any machine.';
export const MACHINES_NOT_LOADED = 'The machines could not be loaded.';
const DEACTIVATE_FAILED = 'The machine could not be deactivated.';

function machineColumns(
  onDeactivate: (machine: LicenseMachine) => void,
  lock: LockedControl,
): TableColumn<LicenseMachine>[] {
  return [
    machineColumn<LicenseMachine>(),
    { id: 'first', header: 'First Activation', cell: (machine) => <DateTimeCell value={machine.first_activated_at} /> },
    { id: 'last', header: 'Last Activation', cell: (machine) => <DateTimeCell value={machine.last_activated_at} /> },
    { id: 'state', header: 'State', cell: machineState },
    {
      id: 'actions',
      header: 'Actions',
      cell: (machine) =>
        machine.deactivated_at === null && (
          <Button
            size="small"
            variant="danger"
            onClick={() => onDeactivate(machine)}
            aria-label={`Deactivate machine ${machineLabel(machine)}`}
            {...lock}
          >
            Deactivate machine
          </Button>
        ),
    },
  ];
}

export interface MachinesDialogProps {
  license: License;
  onClose: () => void;
}

/** The machines a licence is activated on; staff free a seat by deactivating one. */
export function MachinesDialog({ license, onClose }: MachinesDialogProps) {
  const machines = useLicenseMachines(license.id);
  const deactivate = useDeactivateMachine();
  const showError = useErrorModal();
  const [confirming, setConfirming] = useState<LicenseMachine | null>(null);
  const [releasing, setReleasing] = useState<LicenseLease | null>(null);
  const machinesFree = useCan('machines.free');
  const columns = useMemo(() => machineColumns(setConfirming, machinesFree.lock), [machinesFree.lock]);

  const confirm = async () => {
    if (!confirming) return;
    try {
      await deactivate.trigger({ licenseId: license.id, machineId: confirming.id });
    } catch (error) {
      showError(errorMessage(error, DEACTIVATE_FAILED));
    }
    setConfirming(null);
  };

  return (
    <>
      <Dialog
        open={confirming === null && releasing === null}
        onOpenChange={(open) => !open && onClose()}
        title={`Machines of License ${license.serial}`}
        description="Deactivating a machine frees its seat: the license can then be activated on another machine."
        width="820px"
        footer={<Button onClick={onClose}>Close</Button>}
      >
        <LicenseTermsSummary license={license} />
        <LicenseSeats licenseId={license.id} serial={license.serial} onRelease={setReleasing} />
        <Table
          caption={`Machines of license ${license.serial}`}
          columns={columns}
          rows={machines.data ?? []}
          getRowId={(machine) => machine.id}
          isLoading={machines.isLoading}
          emptyText={machines.error ? MACHINES_NOT_LOADED : NO_MACHINES}
        />
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title="Deactivate Machine"
        message={`The license stops working on the machine ${confirming ? machineLabel(confirming) : ''}; it can be activated there again later.`}
        confirmLabel="Deactivate machine"
        confirmVariant="danger"
        busy={deactivate.isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
      <ReleaseSeatDialog licenseId={license.id} lease={releasing} onDone={() => setReleasing(null)} />
    </>
  );
}
