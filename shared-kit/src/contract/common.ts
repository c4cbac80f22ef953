import { Type, type Static, type StringOptions, type TProperties, type TSchema } from '@sinclair/typebox';
import { ID_RANGE, MAX_PAGE_SIZE } from '../constants';

/**
 * The schema keyword the server's validator adds: PostgreSQL text cannot hold NUL, and ill-formed UTF-16 (a lone
 * surrogate) would be stored as U+FFFD or refused by jsonb, so both are a 400 naming the field.
 */
export const TEXT_KEYWORD = 'x-text';

/** Every string of the contract, in bodies, queries, paths and answers alike. */
export const Text = (options: StringOptions = {}) => Type.String({ ...options, [TEXT_KEYWORD]: true });

/** Every error answer of the API: the console shows message[0]. */
export const ErrorResponse = Type.Object({ message: Type.Array(Text()) }, { $id: 'ErrorResponse' });
export type ErrorResponse = Static<typeof ErrorResponse>;

export const Id = Type.Integer({ ...ID_RANGE });
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const Timestamp = Text({ format: 'date-time' });
/** When a record was made and last changed: the last two fields of every record staff edit. */
export const Timestamps = { created_at: Timestamp, updated_at: Timestamp };
export const NullableString = (options: { maxLength?: number } = {}) =>
  Type.Union([Text({ maxLength: options.maxLength ?? 1000 }), Type.Null()]);

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
export type PageQuery = Static<typeof PageQuery>;

/** A list's query: which page, plus the list's own filters. */
export const ListQuery = <T extends TProperties>(filters: T) => Type.Composite([PageQuery, Type.Object(filters)]);

export const Pagination = Type.Object({
  records: Type.Object({ total: Type.Integer(), per_page: Type.Integer() }),
  pages: Type.Object({
    current: Type.Integer(),
    previous: Type.Union([Type.Integer(), Type.Null()]),
    next: Type.Union([Type.Integer(), Type.Null()]),
    last: Type.Integer(),
  }),
});
export type Pagination = Static<typeof Pagination>;

/** The paged list answer (docs/console.md, Lists): a data array plus pagination. */
export const Paged = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), pagination: Pagination });
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}
