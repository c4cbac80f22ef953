import { Dialog, DialogFormFooter, Table, type Build } from 'shared-kit';
import { useRowSelection } from 'shared-kit/data';
import { useBuildChoices } from '../../../shared/api/get-builds';
import { buildColumns, buildTimestampColumns } from '../../../shared/components/build-columns';

export interface SelectBuildsDialogProps {
  productId: number;
  selected: Build[];
  onSave: (builds: Build[]) => void;
  onClose: () => void;
}

const columns = [...buildColumns, buildTimestampColumns[0]];
const buildId = (build: Build) => build.id;
const buildLabel = (build: Build) => `build ${build.id}`;

/** The Select Builds dialog: a multi-select of the product's first 250 builds (docs/console.md, Release form). */
export function SelectBuildsDialog({ productId, selected, onSave, onClose }: SelectBuildsDialogProps) {
  const { rows, isLoading, error } = useBuildChoices(productId);
  const { selectedIds: chosen, selection } = useRowSelection(rows, buildId, buildLabel, selected.map(buildId));

  const save = () => {
    // Builds chosen earlier that are not among the first 250 stay chosen.
    const known = new Map([...selected, ...rows].map((build) => [build.id, build]));
    onSave(
      [...chosen]
        .map((id) => known.get(Number(id)))
        .filter((build): build is Build => build !== undefined)
        .sort((a, b) => a.id - b.id),
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Select Builds"
      width="760px"
      footer={
        <DialogFormFooter
          onSubmit={save}
          submitLabel="Save"
          pending={false}
          submitDisabled={isLoading}
          onCancel={onClose}
        />
      }
    >
      <Table
        caption="Builds to choose from"
        columns={columns}
        rows={rows}
        getRowId={buildId}
        isLoading={isLoading}
        emptyText={error ? 'Builds could not be loaded. Please try again.' : 'This product has no builds yet.'}
        selection={selection}
      />
    </Dialog>
  );
}
