import { useParams } from 'react-router';
import { ID_RANGE } from '../constants';

/**
 * An id from the address as the contract's `Id` accepts it (a whole number within ID_RANGE, written in digits),
 * or null for anything else: a typo, a word, a negative number, a number past the range.
 */
export function parseId(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= ID_RANGE.minimum && id <= ID_RANGE.maximum ? id : null;
}

/** The ids in a comma-separated list (`3,5,8`): anything that is not an id is left out, repeats once. */
export function parseIdList(text: string | undefined): number[] {
  const ids = (text ?? '').split(',').map((part) => parseId(part.trim()));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** The route parameter `name` as an id, or null when it is missing or not an id. */
export function useIdParam(name: string): number | null {
  return parseId(useParams()[name]);
}
