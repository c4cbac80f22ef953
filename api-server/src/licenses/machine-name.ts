import { MACHINE_NAME_MAX_LENGTH } from 'shared-kit/contract';
import { badRequest } from '../lib/http-error';

export const MACHINE_NAME_TOO_LONG = `The machine name must be at most ${MACHINE_NAME_MAX_LENGTH} characters long.`;
export const MACHINE_NAME_CONTROL_CHARACTERS =
  'The machine name must be one line of text, without tabs or other control characters.';
export const MACHINE_NAME_ILL_FORMED = 'The machine name must be well-formed Unicode text (it holds a lone surrogate).';

// C0, DEL and C1 controls; a surrogate code point only matches a `u` expression when it stands alone.
const CONTROL_CHARACTER = /\p{Cc}/u;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A machine name as a plugin reports it (never signed): surrounding white space goes; absent or empty is no name
 * (null: an activation without a name keeps the one the machine has); otherwise 1–64 characters of one line.
 */
export function machineNameOf(text: string | undefined): string | null {
  const name = text?.trim();
  if (!name) return null;
  if (LONE_SURROGATE.test(name)) throw badRequest(MACHINE_NAME_ILL_FORMED);
  if (CONTROL_CHARACTER.test(name)) throw badRequest(MACHINE_NAME_CONTROL_CHARACTERS);
  if ([...name].length > MACHINE_NAME_MAX_LENGTH) throw badRequest(MACHINE_NAME_TOO_LONG);
  return name;
}
