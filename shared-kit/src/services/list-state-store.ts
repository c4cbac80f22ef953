import { LIST_STATE_STORAGE_KEY, REMEMBERED_LIST_STATES } from '../constants';

/** Where a list was left: page, search text and page size (docs/console.md, Lists). */
export interface ListState {
  page: number;
  perPage: number;
  search: string;
}

export interface ListStateStore {
  get(path: string): ListState | undefined;
  set(path: string, state: ListState): void;
}

interface StoredEntry {
  path: string;
  state: ListState;
}

/**
 * List states per path in Web Storage, most recent first, keeping only the `limit` most recent paths.
 * A damaged or foreign value in storage is ignored rather than trusted.
 */
export function createListStateStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  key = LIST_STATE_STORAGE_KEY,
  limit = REMEMBERED_LIST_STATES,
): ListStateStore {
  let memory: StoredEntry[] = [];

  const read = (): StoredEntry[] => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStoredEntry) : [];
    } catch {
      return [];
    }
  };

  const write = (entries: StoredEntry[]) => {
    memory = entries;
    if (!storage) return;
    try {
      storage.setItem(key, JSON.stringify(entries));
    } catch {
      // Storage full or blocked: the list still works, it is just not remembered.
    }
  };

  return {
    get: (path) => read().find((entry) => entry.path === path)?.state,
    set: (path, state) => {
      const others = read().filter((entry) => entry.path !== path);
      write([{ path, state }, ...others].slice(0, limit));
    },
  };
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (!value || typeof value !== 'object') return false;
  const { path, state } = value as Partial<StoredEntry>;
  return (
    typeof path === 'string' &&
    !!state &&
    Number.isInteger(state.page) &&
    state.page >= 1 &&
    Number.isInteger(state.perPage) &&
    state.perPage >= 1 &&
    typeof state.search === 'string'
  );
}
