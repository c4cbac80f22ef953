import { useEffect } from 'react';
import {
  FIRST_LOAD_PAGE_SIZE,
  usePagedList,
  useListState,
  type ListState,
  type PaginationControlsProps,
  type RowId,
} from 'shared-kit';
import type { ListKey } from './api-key';
import { useRowSelection } from './use-row-selection';

export interface ListControllerOptions<Row> {
  /** The page to fetch for the list's state (from a key factory); null waits. */
  listKey: (state: ListState) => ListKey | null;
  getRowId: (row: Row) => RowId;
  /** Turns row selection on; names a row in its checkbox label. */
  selectRowsBy?: (row: Row) => string;
  /**
   * Whether ticks are kept across pages (the default). Without, a tick belongs to the page fetched: another page,
   * page size or search clears the selection, and rows that left the page are no longer selected.
   */
  selectionAcrossPages?: boolean;
  firstLoadPerPage?: number;
}

/**
 * A paged list as one controller (react-admin's useListController): the state the shell remembers (page, page
 * size, search), the page fetched for it, the ticked rows, and ready props for the kit's Table and Pagination.
 */
export function useListController<Row>({
  listKey,
  getRowId,
  selectRowsBy,
  selectionAcrossPages = true,
  firstLoadPerPage = FIRST_LOAD_PAGE_SIZE,
}: ListControllerOptions<Row>) {
  const state = useListState(firstLoadPerPage);
  const key = listKey(state);
  const { rows, pagination, isLoading, error } = usePagedList<Row>(key);
  const selection = useRowSelection(rows, getRowId, selectRowsBy, [], { acrossPages: selectionAcrossPages });
  const { clear } = selection;
  const page = JSON.stringify(key);
  useEffect(() => {
    if (!selectionAcrossPages) clear();
  }, [selectionAcrossPages, clear, page]);
  const paginationProps: PaginationControlsProps = {
    pagination,
    perPage: state.perPage,
    onPageChange: state.setPage,
    onPerPageChange: state.setPerPage,
  };
  return {
    state,
    /** The key of the page shown: its path and current search (e.g. for the kit's ExportButton). */
    key,
    rows,
    error,
    isLoading,
    selectedIds: selection.selectedIds,
    clearSelection: selection.clear,
    tableProps: { rows, getRowId, isLoading, selection: selectRowsBy ? selection.selection : undefined },
    paginationProps,
  };
}
