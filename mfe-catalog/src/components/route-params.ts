import { useParams } from 'react-router';

/** A positive whole-number id from the address, or null for anything else (a typo, a word, a negative number). */
export function parseId(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** The ids in a comma-separated list (`3,5,8`): anything that is not an id is left out, repeats once. */
export function parseIdList(text: string | undefined): number[] {
  const ids = (text ?? '').split(',').map((part) => parseId(part.trim()));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** The numeric route parameter `name`, or null when it is missing or not an id. */
export function useIdParam(name: string): number | null {
  return parseId(useParams()[name]);
}
