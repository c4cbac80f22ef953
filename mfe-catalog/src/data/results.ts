import type { useApiResource, usePagedList } from 'shared-kit';

// Named result types for the hooks of this folder (their declarations must name what they return).
export type PagedListResult<T> = ReturnType<typeof usePagedList<T>>;
export type ResourceResult<T> = ReturnType<typeof useApiResource<T>>;
