import { useMemo, useRef, useLayoutEffect } from 'react';
import styled from 'styled-components';
import {
  errorMessage,
  formatDateTime,
  Icon,
  IconButton,
  PaginationControls,
  SearchBox,
  Table,
  Toolbar,
  useErrorModal,
  type TableColumn,
  type Trial,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { productTrialsKey } from '../api/get-trials';
import { useDeleteTrial } from '../api/delete-trial';

export const DELETE_TRIAL_FAILED = 'The trial could not be deleted.';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Fingerprint = styled.code`
  word-break: break-all;
`;

function trialColumns(onDelete: (trial: Trial) => void): TableColumn<Trial>[] {
  return [
    {
      id: 'fingerprint',
      header: 'Hardware Fingerprint',
      cell: (trial) => <Fingerprint>{trial.hardware_fingerprint}</Fingerprint>,
    },
    { id: 'created', header: 'Created At', cell: (trial) => formatDateTime(trial.created_at) },
    {
      id: 'action',
      header: 'Action',
      width: '96px',
      cell: (trial) => (
        <IconButton
          aria-label={`Delete trial ${trial.hardware_fingerprint}`}
          title="Delete trial"
          onClick={() => onDelete(trial)}
        >
          <Icon name="trash" />
        </IconButton>
      ),
    },
  ];
}

/** A product's trials: search by fingerprint, and a delete icon that removes a trial at once. */
export function TrialList({ productId }: { productId: number }) {
  const trials = useListController<Trial>({
    listKey: (state) => productTrialsKey(productId, state),
    getRowId: (trial) => trial.id,
  });
  const list = trials.state;
  const deleteTrial = useDeleteTrial(productId);
  const showError = useErrorModal();

  const remove = async (trial: Trial) => {
    try {
      await deleteTrial(trial.id);
    } catch (error) {
      showError(errorMessage(error, DELETE_TRIAL_FAILED));
    }
  };
  const latestRemove = useRef(remove);
  useLayoutEffect(() => {
    latestRemove.current = remove;
  });
  const columns = useMemo(() => trialColumns((trial) => void latestRemove.current(trial)), []);

  return (
    <Layout>
      <Toolbar>
        <SearchBox placeholder="Search Trial by Fingerprint" value={list.search} onSearch={list.setSearch} />
        <ExportButton list={trials.key} />
      </Toolbar>
      <Table
        caption="Trials of the product"
        columns={columns}
        {...trials.tableProps}
        emptyText={trials.error ? 'The trials could not be loaded.' : 'No trials found.'}
      />
      <PaginationControls {...trials.paginationProps} />
    </Layout>
  );
}
