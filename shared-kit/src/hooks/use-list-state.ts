import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { FIRST_LOAD_PAGE_SIZE } from '../constants';
import { useShellServices } from '../services/shell-services';
import type { ListState } from '../services/list-state-store';

export interface ListStateControls extends ListState {
  setPage: (page: number) => void;
  /** Changing the page size goes back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Changing the search goes back to page 1. */
  setSearch: (search: string) => void;
}

/** Page, page size and search of the list at the current path, remembered by the shell's store (docs/console.md, Lists). */
export function useListState(firstLoadPerPage: number = FIRST_LOAD_PAGE_SIZE): ListStateControls {
  const { pathname } = useLocation();
  const { listStates } = useShellServices();
  const initial = useCallback(
    (): ListState => listStates.get(pathname) ?? { page: 1, perPage: firstLoadPerPage, search: '' },
    [listStates, pathname, firstLoadPerPage],
  );
  const [current, setCurrent] = useState(() => ({ pathname, state: initial() }));
  // The same list component can be reused for another path (another product): start from that path's state.
  const state = current.pathname === pathname ? current.state : initial();

  const update = useCallback(
    (next: ListState) => {
      listStates.set(pathname, next);
      setCurrent({ pathname, state: next });
    },
    [listStates, pathname],
  );

  return useMemo(
    () => ({
      ...state,
      setPage: (page: number) => update({ ...state, page }),
      setPerPage: (perPage: number) => update({ ...state, perPage, page: 1 }),
      setSearch: (search: string) => update({ ...state, search, page: 1 }),
    }),
    [state, update],
  );
}
