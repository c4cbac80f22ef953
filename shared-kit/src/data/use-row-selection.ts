import { useCallback, useMemo, useState } from 'react';
import type { RowId, TableSelection } from 'shared-kit';

/**
 * The rows a user has ticked. Ids survive paging (a selection can span pages); "all" ticks or unticks the rows
 * shown and leaves the others as they are. `rowLabel` names a row in its checkbox label.
 */
export function useRowSelection<Row>(rows: Row[], getRowId: (row: Row) => RowId, rowLabel?: (row: Row) => string, initial: Iterable<RowId> = []) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<RowId>>(() => new Set(initial));
  const toggleRow = useCallback(
    (id: RowId) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    () =>
      setSelectedIds((current) => {
        const shown = rows.map(getRowId);
        const allShown = shown.every((id) => current.has(id));
        const next = new Set(current);
        for (const id of shown) {
          if (allShown) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
    [rows, getRowId],
  );
  const clear = useCallback(() => setSelectedIds(new Set()), []);
  const selection = useMemo<TableSelection<Row>>(() => ({ selectedIds, onToggleRow: toggleRow, onToggleAll: toggleAll, rowLabel }), [selectedIds, toggleRow, toggleAll, rowLabel]);
  return { selectedIds, toggleRow, toggleAll, clear, selection };
}
