/** The `?page=` of a list page: a positive whole number, else the first page. */
export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}
