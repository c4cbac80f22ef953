import { useCallback, useMemo, useState } from 'react';
import type { RowId } from 'shared-kit';

/**
 * Which rows of the shown page are ticked. Only rows still on the page count: a licence that left the list
 * (transferred away, another page) is no longer selected.
 */
export function useRowSelection(rowIds: number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set());
  const selectedIds = useMemo(() => new Set(rowIds.filter((id) => ticked.has(id))), [rowIds, ticked]);

  const toggleRow = useCallback((id: RowId) => {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(Number(id))) next.delete(Number(id));
      else next.add(Number(id));
      return next;
    });
  }, []);

  const allSelected = rowIds.length > 0 && selectedIds.size === rowIds.length;
  const toggleAll = useCallback(() => setTicked(allSelected ? new Set() : new Set(rowIds)), [allSelected, rowIds]);
  const clear = useCallback(() => setTicked(new Set()), []);

  return { selectedIds, toggleRow, toggleAll, clear };
}
