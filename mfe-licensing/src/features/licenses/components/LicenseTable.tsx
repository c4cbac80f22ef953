import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  errorMessage,
  lazyComponent,
  PaginationControls,
  SearchBox,
  Table,
  Toolbar,
  useErrorModal,
  type DisableReason,
  type License,
  type LicenseTableProps,
} from 'shared-kit';
import { ExportButton, HistoryDialog, useListController } from 'shared-kit/data';
import { licensesKey } from '../api/get-licenses';
import { useBulkUpdateLicenses } from '../api/bulk-update-licenses';
import { useUpdateLicenseState } from '../api/update-license-state';
import { cellClass, licenseColumns, type LicenseRowActions } from './license-columns';
import { BulkActions } from './BulkActions';
import { TransferDialog } from './TransferDialog';
import { DownloadDialog } from './DownloadDialog';
import { LicenseOrder } from './LicenseOrder';

/** docs/console.md, Licence states: a failed bulk update shows the error message, or this. */
export const BULK_UPDATE_FAILED = 'An error occurred';

// Its form (shared-kit/forms, react-hook-form) is fetched when it is first opened, not with the licences page.
const DeactivateDialog = lazyComponent(
  () => import('./DeactivateDialog').then((dialog) => dialog.DeactivateDialog),
  null,
);

// The machines, seats and terms of one licence (with Change edition and Renew): fetched when first opened too.
const MachinesDialog = lazyComponent(() => import('./MachinesDialog').then((dialog) => dialog.MachinesDialog), null);

const licenseId = (license: License) => license.id;
const licenseSerial = (license: License) => license.serial;

type OpenDialog =
  | { kind: 'deactivate'; licenseIds: number[]; bulk: boolean }
  | { kind: 'transfer'; license: License }
  | { kind: 'download'; license: License }
  | { kind: 'machines'; license: License }
  | { kind: 'history'; license: License };

// Also styles the cells of the table's rows, plain elements so that 250 rows mount quickly.
const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};

  & td .${cellClass.serial} {
    white-space: nowrap;
    font-size: ${({ theme }) => theme.font.size.small};
  }
  & td .${cellClass.reason} {
    margin-left: ${({ theme }) => theme.spacing.sm};
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
  /* Side by side: the actions column is pinned to the table's right edge, and one line keeps the rows short. */
  & td .${cellClass.actions} {
    display: flex;
    gap: ${({ theme }) => theme.spacing.xs};
  }
`;

/**
 * The licence table (docs/console.md, Licence table): a product's licences (searchable by owner email) or one end user's (with the
 * product columns). Exposed as `./license-table` so the users remote shows the same table on user details.
 */
export default function LicenseTable({ source }: LicenseTableProps) {
  const view = 'productId' in source ? 'product' : 'user';
  // A tick belongs to the page shown, so a bulk action changes only licences the user sees (docs/console.md, Licence states).
  const list = useListController<License>({
    listKey: (state) => licensesKey(source, state),
    getRowId: licenseId,
    selectRowsBy: licenseSerial,
    selectionAcrossPages: false,
  });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const showError = useErrorModal();
  const updateState = useUpdateLicenseState();
  const bulkUpdate = useBulkUpdateLicenses();

  const { clearSelection } = list;

  const runBulkUpdate = async (licenseIds: number[], disabled: boolean, reason: DisableReason | null) => {
    if (licenseIds.length === 0) return;
    try {
      await bulkUpdate.trigger({ licenseIds, disabled, reason });
      clearSelection();
    } catch (error) {
      showError(errorMessage(error, BULK_UPDATE_FAILED));
    }
  };

  const changeState = async (licenseId: number, disabled: boolean, reason: DisableReason | null) => {
    try {
      await updateState.trigger({ licenseId, disabled, reason });
    } catch (error) {
      showError(errorMessage(error, BULK_UPDATE_FAILED));
    }
  };

  // The columns stay the same object across renders (rows are memoized); they call the latest handlers.
  const latest = useRef({ changeState, setDialog });
  useLayoutEffect(() => {
    latest.current.changeState = changeState; // setDialog, a state setter, never changes
  });
  const columns = useMemo(() => {
    const actions: LicenseRowActions = {
      onDeactivatedChange: (license, deactivated) =>
        deactivated
          ? latest.current.setDialog({ kind: 'deactivate', licenseIds: [license.id], bulk: false })
          : void latest.current.changeState(license.id, false, null),
      onTransfer: (license) => latest.current.setDialog({ kind: 'transfer', license }),
      onDownload: (license) => latest.current.setDialog({ kind: 'download', license }),
      onMachines: (license) => latest.current.setDialog({ kind: 'machines', license }),
      onHistory: (license) => latest.current.setDialog({ kind: 'history', license }),
    };
    return licenseColumns(view, actions);
  }, [view]);

  const confirmDeactivation = async (reason: DisableReason) => {
    if (dialog?.kind !== 'deactivate') return;
    if (dialog.bulk) await runBulkUpdate(dialog.licenseIds, true, reason);
    else await changeState(dialog.licenseIds[0], true, reason);
    setDialog(null);
  };

  const selectedIds = [...list.selectedIds].map(Number);
  const closeDialog = useCallback(() => setDialog(null), []);

  return (
    <Layout>
      <Toolbar>
        {view === 'product' && (
          <SearchBox placeholder="Search User by Email" value={list.state.search} onSearch={list.state.setSearch} />
        )}
        <ExportButton list={list.key} />
      </Toolbar>
      {selectedIds.length > 0 && (
        <BulkActions
          count={selectedIds.length}
          busy={bulkUpdate.isMutating}
          onActivate={() => void runBulkUpdate(selectedIds, false, null)}
          onDeactivate={() =>
            selectedIds.length > 0 && setDialog({ kind: 'deactivate', licenseIds: selectedIds, bulk: true })
          }
        />
      )}
      <Table
        caption={view === 'product' ? 'Licenses of the product' : 'Licenses of the user'}
        columns={columns}
        {...list.tableProps}
        emptyText={list.error ? 'The licenses could not be loaded.' : 'No licenses found.'}
      />
      <PaginationControls {...list.paginationProps} />
      {dialog?.kind === 'deactivate' && (
        <DeactivateDialog count={dialog.licenseIds.length} onConfirm={confirmDeactivation} onCancel={closeDialog} />
      )}
      {dialog?.kind === 'transfer' && <TransferDialog license={dialog.license} onClose={closeDialog} />}
      {dialog?.kind === 'download' && <DownloadDialog license={dialog.license} onClose={closeDialog} />}
      {dialog?.kind === 'machines' && <MachinesDialog license={dialog.license} onClose={closeDialog} />}
      {dialog?.kind === 'history' && (
        <HistoryDialog
          objectType="license"
          objectId={dialog.license.id}
          title={`History of License ${dialog.license.serial}`}
          caption={`History of license ${dialog.license.serial}`}
          onClose={closeDialog}
        >
          <LicenseOrder licenseId={dialog.license.id} />
        </HistoryDialog>
      )}
    </Layout>
  );
}
