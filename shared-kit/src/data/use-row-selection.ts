import { useCallback, useMemo, useState } from 'react';
import type { RowId, TableSelection } from 'shared-kit';

export interface RowSelectionOptions {
  /**
   * Whether ticks are kept across pages (the default: a selection can span pages, "all" ticks or unticks the rows
   * shown and leaves the others). Without, only ticked rows still shown count, and "all" ticks the page or
   * clears it: a row that left the page (another page, transferred away) is no longer selected.
   */
  acrossPages?: boolean;
}

/** The rows a user has ticked. `rowLabel` names a row in its checkbox label. */
export function useRowSelection<Row>(
  rows: Row[],
  getRowId: (row: Row) => RowId,
  rowLabel?: (row: Row) => string,
  initial: Iterable<RowId> = [],
  { acrossPages = true }: RowSelectionOptions = {},
) {
  const [ticked, setTicked] = useState<ReadonlySet<RowId>>(() => new Set(initial));
  const shownIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const selectedIds = useMemo<ReadonlySet<RowId>>(
    () => (acrossPages ? ticked : new Set(shownIds.filter((id) => ticked.has(id)))),
    [acrossPages, ticked, shownIds],
  );
  const toggleRow = useCallback(
    (id: RowId) =>
      setTicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    () =>
      setTicked((current) => {
        const allShown = shownIds.every((id) => current.has(id));
        if (!acrossPages) return new Set(allShown && shownIds.length > 0 ? [] : shownIds);
        const next = new Set(current);
        for (const id of shownIds) {
          if (allShown) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
    [acrossPages, shownIds],
  );
  const clear = useCallback(() => setTicked((current) => (current.size === 0 ? current : new Set())), []);
  const selection = useMemo<TableSelection<Row>>(
    () => ({ selectedIds, onToggleRow: toggleRow, onToggleAll: toggleAll, rowLabel }),
    [selectedIds, toggleRow, toggleAll, rowLabel],
  );
  return { selectedIds, toggleRow, toggleAll, clear, selection };
}
