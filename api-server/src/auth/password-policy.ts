import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { passwordLengthProblem } from 'shared-kit/contract';

/** zxcvbn's score runs 0–4; 3 is "safely unguessable: moderate protection from offline slow-hash scenarios". */
export const MINIMUM_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

// Built on first use: the dictionaries (common passwords, names, English words, keyboard layouts) are only
// needed when a password is set, never on the server's start nor in any browser bundle.
function strengthOf(password: string): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator.check(password) as ZxcvbnResult;
}

/**
 * Why a new system-user password is refused, or null (ASVS 5.0 6.2: length, and a strength estimate against
 * breached passwords, dictionary words, names, keyboard patterns, repeats and sequences; no composition rules).
 * The reason is zxcvbn's own feedback, in plain words.
 */
export function passwordWeakness(password: string): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  const { score, feedback } = strengthOf(password);
  if (score >= MINIMUM_PASSWORD_SCORE) return null;
  const why = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess.${why ? ` ${why}` : ''} A few uncommon words make a strong one.`;
}
