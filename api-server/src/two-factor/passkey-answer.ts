import type { PasskeyAuthenticationResponse } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { RelyingParty } from './relying-party';
import { findPasskeyByCredential, takeChallenge, takePasskeyUse, type ChallengePurpose } from './passkey-queries';
import { challengeOf, checkAuthentication } from './webauthn';

export type PasskeyAnswerResult = 'accepted' | 'challenge_gone' | 'refused';

/**
 * Checks a passkey's answer to a challenge the server handed the user for `purpose`: the challenge is taken first
 * (single use: a replayed answer finds it gone), then the signature is checked against one of the user's own
 * passkeys by the library (origin, RP ID, counter), and the use recorded.
 */
export async function checkPasskeyAnswer(
  db: Db,
  rp: RelyingParty,
  answer: { systemUserId: number; purpose: ChallengePurpose; pendingSignInId?: number },
  response: PasskeyAuthenticationResponse,
): Promise<PasskeyAnswerResult> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (challenge === undefined) return 'refused';
  if (!(await takeChallenge(db, { value: challenge, ...answer }))) return 'challenge_gone';
  const passkey = await findPasskeyByCredential(db, answer.systemUserId, response.id);
  if (!passkey) return 'refused';
  const newCounter = await checkAuthentication(rp, response, challenge, passkey);
  if (newCounter === undefined) return 'refused';
  return (await takePasskeyUse(db, passkey.id, passkey.counter, newCounter)) ? 'accepted' : 'refused';
}
