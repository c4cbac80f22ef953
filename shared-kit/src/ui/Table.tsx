import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Checkbox } from './Checkbox';
import { Spinner } from './Spinner';
import { visuallyHidden } from './visually-hidden';

export type RowId = string | number;

export interface TableColumn<Row> {
  /**
   * The column with id 'actions' (or 'action') stays at the right edge while a wide table scrolls sideways; the
   * first column (the row's identifying one) stays at the left edge.
   */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: string;
  /** The cell's label when rows are shown as cards on a narrow screen; the header when it is a text. */
  label?: string;
}

/** A row's actions must stay reachable at any width: their column is pinned (sticky) to the right edge. */
export const isActionsColumn = (column: { id: string }) => column.id === 'actions' || column.id === 'action';

/** Below this width the rows are cards (each cell under its column's label, the actions at the card's foot). */
export const TABLE_CARDS_BELOW_PX = 640;
const cards = `@media (max-width: ${TABLE_CARDS_BELOW_PX - 0.02}px)`;
const wide = `@media (min-width: ${TABLE_CARDS_BELOW_PX}px)`;

const SELECT_COLUMN_WIDTH = '48px';

type Pinned = 'start' | 'after-select' | 'end';

// A pinned column draws its own background (the rows scroll beneath it) and a shadow on its inner edge.
const pinnedToEnd = css`
  position: sticky;
  right: 0;
  z-index: 1;
  white-space: nowrap;
  box-shadow:
    inset 1px 0 0 ${({ theme }) => theme.colors.border},
    -6px 0 8px -6px rgba(15, 23, 42, 0.18);
`;
const pinnedToStart = css`
  position: sticky;
  left: 0;
  z-index: 1;
  box-shadow:
    inset -1px 0 0 ${({ theme }) => theme.colors.border},
    6px 0 8px -6px rgba(15, 23, 42, 0.18);
`;
const pinnedCss = {
  end: pinnedToEnd,
  start: pinnedToStart,
  'after-select': css`
    ${pinnedToStart}
    left: ${SELECT_COLUMN_WIDTH};
  `,
  // The selection box pinned beside the identifying column: no edge of its own.
  select: css`
    position: sticky;
    left: 0;
    z-index: 1;
  `,
};

/** Where a column is pinned while the table scrolls sideways: the actions at the end, the first column at the start. */
function pinnedOf(column: { id: string }, index: number, selectable: boolean): Pinned | undefined {
  if (isActionsColumn(column)) return 'end';
  if (index !== 0) return undefined;
  return selectable ? 'after-select' : 'start';
}

const labelOf = (column: TableColumn<unknown>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

export interface TableSelection<Row> {
  selectedIds: ReadonlySet<RowId>;
  onToggleRow: (id: RowId) => void;
  onToggleAll: () => void;
  /** Names the row in its checkbox label ('Select row {label}'); defaults to the row id. */
  rowLabel?: (row: Row) => string;
}

export interface TableProps<Row> {
  /** Keep this array stable (module constant or useMemo): a new array re-renders every row. */
  columns: TableColumn<Row>[];
  rows: Row[];
  getRowId: (row: Row) => RowId;
  isLoading?: boolean;
  emptyText?: string;
  /** Read by screen readers only. */
  caption?: string;
  selection?: TableSelection<Row>;
}

const Scroller = styled.div`
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

// Body cells are plain <td>s styled from here: 250 rows of styled cells would be 2,000 components a page.
const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;

  & > tbody > tr[data-selected] > td {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
    background: ${({ theme }) => theme.colors.surface};
  }
  & > tbody > tr[data-selected='true'] {
    background: ${({ theme }) => theme.colors.selected};
  }
  & > tbody > tr[data-selected='true'] > td {
    background: ${({ theme }) => theme.colors.selected};
  }
  & > tbody > tr[data-selected]:last-child > td {
    border-bottom: none;
  }
  /* The selection box is centred on the row's text line (a lone inline box would sit on the baseline, above it). */
  & > tbody > tr > td[data-select] {
    line-height: 0;
  }
  ${wide} {
    & > tbody > tr > td[data-pinned='end'] {
      ${pinnedCss.end}
    }
    & > tbody > tr > td[data-pinned='start'] {
      ${pinnedCss.start}
    }
    & > tbody > tr > td[data-pinned='after-select'] {
      ${pinnedCss['after-select']}
    }
    & > tbody > tr > td[data-select] {
      ${pinnedCss.select}
    }
  }

  /* Cards: one per row, each cell under its column's label (from the headers), the identifying column first and
     bold, the actions at the foot. CSS only: the same markup at every width, nothing measured. */
  ${cards} {
    &,
    & > tbody,
    & > tbody > tr {
      display: block;
    }
    & > thead > tr {
      display: flex;
    }
    & > thead > tr > th:not([data-select]) {
      display: none;
    }
    & > thead > tr > th[data-select] {
      width: auto;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
      flex: 1;
    }
    & > tbody > tr[data-selected] {
      display: flex;
      flex-direction: column;
      gap: ${({ theme }) => theme.spacing.xs};
      padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    & > tbody > tr[data-selected]:last-child {
      border-bottom: none;
    }
    & > tbody > tr[data-selected] > td {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0 ${({ theme }) => theme.spacing.sm};
      padding: 0;
      border-bottom: none;
      background: transparent;
      overflow-wrap: anywhere;
    }
    & > tbody > tr > td[data-label]::before {
      content: attr(data-label);
      flex: 0 0 8.5em;
      color: ${({ theme }) => theme.colors.muted};
      font-size: ${({ theme }) => theme.font.size.small};
      font-weight: ${({ theme }) => theme.font.weight.bold};
    }
    & > tbody > tr > td[data-pinned='start'],
    & > tbody > tr > td[data-pinned='after-select'] {
      font-weight: ${({ theme }) => theme.font.weight.bold};
    }
    & > tbody > tr > td[data-select] {
      order: -1;
      line-height: normal;
    }
    & > tbody > tr > td[data-pinned='end'] {
      order: 1;
      margin-top: ${({ theme }) => theme.spacing.xs};
      padding-top: ${({ theme }) => theme.spacing.sm};
      border-top: 1px dashed ${({ theme }) => theme.colors.border};
    }
    & > tbody > tr > td[data-pinned='end'] > * {
      flex-wrap: wrap;
    }
  }
`;

const Caption = styled.caption`
  ${visuallyHidden}
`;

const HeaderCell = styled.th<{ $width?: string; $pinned?: Pinned | 'select' }>`
  width: ${({ $width }) => $width ?? 'auto'};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  text-align: left;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
  ${wide} {
    ${({ $pinned }) => $pinned && pinnedCss[$pinned]}
    ${({ $pinned }) => $pinned && 'z-index: 2;'}
  }
`;

const MessageCell = styled.td`
  padding: ${({ theme }) => theme.spacing.lg};
  text-align: center;
  vertical-align: middle;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.muted};
`;

interface TableRowProps<Row> {
  row: Row;
  rowId: RowId;
  columns: TableColumn<Row>[];
  selectable: boolean;
  selected: boolean;
  selectLabel: string;
  onToggleRow: (id: RowId) => void;
}

function TableRowView<Row>({
  row,
  rowId,
  columns,
  selectable,
  selected,
  selectLabel,
  onToggleRow,
}: TableRowProps<Row>) {
  return (
    <tr data-selected={selected}>
      {selectable && (
        <td data-select>
          <Checkbox checked={selected} onCheckedChange={() => onToggleRow(rowId)} aria-label={selectLabel} />
        </td>
      )}
      <TableRowCells row={row} columns={columns} selectable={selectable} />
    </tr>
  );
}

function TableRowCellsView<Row>({
  row,
  columns,
  selectable,
}: Pick<TableRowProps<Row>, 'row' | 'columns' | 'selectable'>) {
  return (
    <>
      {columns.map((column, index) => {
        const pinned = pinnedOf(column, index, selectable);
        return (
          <td
            key={column.id}
            data-pinned={pinned}
            data-label={pinned === 'end' ? undefined : labelOf(column as TableColumn<unknown>)}
          >
            {column.cell(row)}
          </td>
        );
      })}
    </>
  );
}

// Lists hold up to 250 rows: ticking one must not re-render the others, and selecting all re-renders each row's
// checkbox but not its cells (they depend on the row and the columns only).
// Named explicitly so profilers (and the console bench's render count) see them in a minified build.
const TableRow = Object.assign(memo(TableRowView) as typeof TableRowView, { displayName: 'TableRow' });
const TableRowCells = Object.assign(memo(TableRowCellsView) as typeof TableRowCellsView, {
  displayName: 'TableRowCells',
});

/** Keeps the row callback identity stable even when the caller passes a new function on every render. */
function useStableCallback<Args extends unknown[]>(callback: ((...args: Args) => void) | undefined) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current?.(...args), []);
}

export function Table<Row>({
  columns,
  rows,
  getRowId,
  isLoading = false,
  emptyText = 'No records found.',
  caption,
  selection,
}: TableProps<Row>) {
  const onToggleRow = useStableCallback(selection?.onToggleRow);
  const columnCount = columns.length + (selection ? 1 : 0);
  const selectedCount = selection ? rows.filter((row) => selection.selectedIds.has(getRowId(row))).length : 0;
  const allSelected = rows.length > 0 && selectedCount === rows.length;

  return (
    // A wide table scrolls sideways: keyboard users reach the scroll area with Tab and scroll it with the arrows.
    <Scroller tabIndex={0} role="group" aria-label={caption ? `${caption} (scrollable)` : 'Table (scrollable)'}>
      <StyledTable>
        {caption && <Caption>{caption}</Caption>}
        <thead>
          <tr>
            {selection && (
              <HeaderCell scope="col" $width={SELECT_COLUMN_WIDTH} $pinned="select" data-select>
                <Checkbox
                  checked={allSelected ? true : selectedCount > 0 ? 'indeterminate' : false}
                  onCheckedChange={() => selection.onToggleAll()}
                  aria-label="Select All"
                  disabled={isLoading || rows.length === 0}
                />
              </HeaderCell>
            )}
            {columns.map((column, index) => (
              <HeaderCell
                key={column.id}
                scope="col"
                $width={column.width}
                $pinned={pinnedOf(column, index, selection !== undefined)}
              >
                {column.header}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <MessageCell colSpan={columnCount}>
                <Spinner label="Loading..." />
              </MessageCell>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <MessageCell colSpan={columnCount}>{emptyText}</MessageCell>
            </tr>
          ) : (
            rows.map((row) => {
              const rowId = getRowId(row);
              return (
                <TableRow
                  key={rowId}
                  row={row}
                  rowId={rowId}
                  columns={columns}
                  selectable={selection !== undefined}
                  selected={selection?.selectedIds.has(rowId) ?? false}
                  selectLabel={selection ? `Select row ${selection.rowLabel?.(row) ?? rowId}` : ''}
                  onToggleRow={onToggleRow}
                />
              );
            })
          )}
        </tbody>
      </StyledTable>
    </Scroller>
  );
}
