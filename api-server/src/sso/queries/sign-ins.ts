import { sql } from 'kysely';
import { SSO_SIGN_IN_MINUTES } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { ssoDb } from './sso-tables';

export interface SsoSignInStart {
  state: string;
  manufacturerId: number;
  nonce: string;
  codeVerifier: string;
}

/** Keeps a started sign-in until its callback; clears expired ones of every manufacturer on the way. */
export async function keepSignInStart(db: Db, start: SsoSignInStart): Promise<void> {
  await ssoDb(db)
    .deleteFrom('sso_sign_ins')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  await ssoDb(db)
    .insertInto('sso_sign_ins')
    .values({
      state: start.state,
      manufacturer_id: start.manufacturerId,
      nonce: start.nonce,
      code_verifier: start.codeVerifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${SSO_SIGN_IN_MINUTES})`,
    })
    .execute();
}

/** Takes a started sign-in by its state: deleting it makes the state single use, expired or not. */
export async function takeSignInStart(db: Db, state: string) {
  return ssoDb(db)
    .deleteFrom('sso_sign_ins')
    .where('state', '=', state)
    .returning(['manufacturer_id', 'nonce', 'code_verifier', sql<boolean>`expires_at < now()`.as('expired')])
    .executeTakeFirst();
}
