import type { Query } from 'shared-kit';

/**
 * The cache key of one API answer: `[path]` for an object (useApiResource), `[path, query]` for a page of a list
 * (usePagedList). The fetchers read the path and query straight from the key.
 */
export type ResourceKey = readonly [path: string];
export type ListKey = readonly [path: string, query: Query];
export type ApiKey = ResourceKey | ListKey;

/** Stands for any id in a scope: `['products', ANY_ID]` is every product. */
export const ANY_ID = Symbol('any id');
type Segment = string | number | typeof ANY_ID;

/** A set of cached answers: every key whose path has exactly these segments (ANY_ID matching any one), any query. */
export interface KeyScope {
  readonly segments: readonly Segment[];
}

export const pathOfSegments = (segments: readonly (string | number)[]) => `/${segments.join('/')}`;

export const resourceKey = (...segments: (string | number)[]): ResourceKey => [pathOfSegments(segments)];
export const listKey = (segments: (string | number)[], query: Query): ListKey => [pathOfSegments(segments), query];
export const scope = (...segments: Segment[]): KeyScope => ({ segments });

const segmentsOf = (path: string) => path.split('/').slice(1);

/** Whether a cached SWR key lies in `within`: a scope, or a key standing for every query of its path. */
export function inScope(within: KeyScope | ApiKey, key: unknown): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  const wanted = 'segments' in within ? within.segments : segmentsOf(within[0]);
  const parts = segmentsOf(key[0]);
  return (
    parts.length === wanted.length &&
    wanted.every((segment, index) => segment === ANY_ID || String(segment) === parts[index])
  );
}
