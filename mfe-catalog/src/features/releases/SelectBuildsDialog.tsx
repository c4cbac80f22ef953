import { useState } from 'react';
import { Button, Dialog, Table, type Build, type RowId } from 'shared-kit';
import { useBuildChoices } from '../../data/builds/get-builds';
import { buildColumns, buildTimestampColumns } from '../../components/build-columns';

export interface SelectBuildsDialogProps {
  productId: number;
  selected: Build[];
  onSave: (builds: Build[]) => void;
  onClose: () => void;
}

const columns = [...buildColumns, buildTimestampColumns[0]];

/** The Select Builds dialog: a multi-select of the product's first 250 builds (SPEC §9). */
export function SelectBuildsDialog({ productId, selected, onSave, onClose }: SelectBuildsDialogProps) {
  const { rows, isLoading, error } = useBuildChoices(productId);
  const [chosen, setChosen] = useState<ReadonlySet<RowId>>(() => new Set(selected.map((build) => build.id)));

  const toggle = (id: RowId) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setChosen((current) => (rows.every((build) => current.has(build.id)) ? new Set() : new Set(rows.map((build) => build.id))));

  const save = () => {
    // Builds chosen earlier that are not among the first 250 stay chosen.
    const known = new Map([...selected, ...rows].map((build) => [build.id, build]));
    onSave([...chosen].map((id) => known.get(Number(id))).filter((build): build is Build => build !== undefined).sort((a, b) => a.id - b.id));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Select Builds"
      width="760px"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={save} disabled={isLoading}>
            Save
          </Button>
        </>
      }
    >
      <Table
        caption="Builds to choose from"
        columns={columns}
        rows={rows}
        getRowId={(build) => build.id}
        isLoading={isLoading}
        emptyText={error ? 'Builds could not be loaded. Please try again.' : 'This product has no builds yet.'}
        selection={{ selectedIds: chosen, onToggleRow: toggle, onToggleAll: toggleAll, rowLabel: (build) => `build ${build.id}` }}
      />
    </Dialog>
  );
}
