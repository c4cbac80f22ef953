import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLengthProblem } from 'shared-kit/contract';

// The ~49,000 most common passwords of public breach corpora, as zxcvbn-ts ships them (lower case), checked offline.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** Why a new system-user password is refused, or null (ASVS 5.0 6.2: length and a breached-password list, no composition rules). */
export function passwordWeakness(password: string): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  if (/^(.)\1*$/u.test(password)) return 'The password must not repeat a single character.';
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return 'This password is one of the most common ones attackers try first. Please choose another.';
  return null;
}
