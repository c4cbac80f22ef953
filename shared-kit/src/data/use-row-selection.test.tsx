import { act, renderHook } from '@testing-library/react';
import { useRowSelection, type RowSelectionOptions } from './use-row-selection';

interface Row {
  id: number;
}
const rowId = (row: Row) => row.id;
const PAGE_1 = [{ id: 1 }, { id: 2 }];
const PAGE_2 = [{ id: 3 }, { id: 4 }];

function renderSelection(options: RowSelectionOptions) {
  return renderHook(({ rows }) => useRowSelection(rows, rowId, undefined, [], options), {
    initialProps: { rows: PAGE_1 },
  });
}

describe('useRowSelection', () => {
  it('keeps ticks across pages by default; "all" ticks or unticks only the rows shown', () => {
    const { result, rerender } = renderSelection({});
    act(() => result.current.toggleRow(1));
    rerender({ rows: PAGE_2 });
    act(() => result.current.toggleAll());
    expect([...result.current.selectedIds]).toEqual([1, 3, 4]);
    act(() => result.current.toggleAll());
    expect([...result.current.selectedIds]).toEqual([1]);
  });

  it('without acrossPages, counts only ticked rows still shown, and "all" ticks the page or clears it', () => {
    const { result, rerender } = renderSelection({ acrossPages: false });
    act(() => result.current.toggleRow(2));
    act(() => result.current.toggleRow(1));
    expect([...result.current.selectedIds]).toEqual([1, 2]);
    rerender({ rows: PAGE_2 });
    expect([...result.current.selectedIds]).toEqual([]);
    act(() => result.current.toggleAll());
    expect([...result.current.selectedIds]).toEqual([3, 4]);
    rerender({ rows: PAGE_1 });
    expect([...result.current.selectedIds]).toEqual([]);
    rerender({ rows: PAGE_2 });
    act(() => result.current.toggleAll());
    expect([...result.current.selectedIds]).toEqual([]);
  });
});
