import { formatDateTime, type ApiKey, type TableColumn } from 'shared-kit';
import { scopeLabel } from './scope-labels';

/** A key's state in words: revoked and expired keys are refused. */
export function keyState(key: ApiKey, now = Date.now()): string {
  if (key.revoked_at) return `Revoked ${formatDateTime(key.revoked_at)}`;
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return 'Expired';
  return 'Active';
}

const lastUse = (key: ApiKey) =>
  key.last_used_at ? `${formatDateTime(key.last_used_at)} from ${key.last_used_address ?? 'unknown'}` : 'Never';

/** The keys table's columns; the actions column comes from the page (it needs its handlers). */
export const apiKeyColumns = (actions: TableColumn<ApiKey>['cell']): TableColumn<ApiKey>[] => [
  { id: 'name', header: 'Name', cell: (key) => key.name },
  { id: 'prefix', header: 'Key', cell: (key) => <code>{key.prefix}…</code> },
  { id: 'scopes', header: 'Scopes', cell: (key) => key.scopes.map(scopeLabel).join(', ') },
  {
    id: 'created_at',
    header: 'Created',
    cell: (key) => `${formatDateTime(key.created_at)}${key.created_by ? ` by ${key.created_by}` : ''}`,
  },
  { id: 'expires_at', header: 'Expires', cell: (key) => (key.expires_at ? formatDateTime(key.expires_at) : 'Never') },
  { id: 'last_used', header: 'Last used', cell: lastUse },
  { id: 'state', header: 'State', cell: (key) => keyState(key) },
  { id: 'actions', header: 'Actions', cell: actions },
];
