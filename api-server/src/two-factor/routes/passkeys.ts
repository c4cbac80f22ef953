import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  FactorProofBody,
  FreshFactorBody,
  IdParams,
  NO_PASSKEYS,
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_NAME_BLANK,
  PASSKEY_NOT_CREATED,
  PASSKEY_NOT_FOUND,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  PasskeyProofBody,
  PasskeyRegistrationBody,
} from 'shared-kit/contract';
import { principalOf, type Principal } from '../../auth/principal';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../audit/queries/audit-log';
import { hasConfirmedFactor } from '../queries';
import { addPasskey, deletePasskey, hasPasskey, keepChallenge, listPasskeys, takeChallenge } from '../passkey-queries';
import { authenticationOptions, challengeOf, checkRegistration, registrationOptions } from '../webauthn';
import { checkFactorProof, type ProofDependencies } from '../factor-proof';
import { checkFreshFactor } from '../fresh-factor';
import { lockFactorsOf, refuseLosingLastFactor } from '../last-factor';
import type { RelyingParty } from '../relying-party';

// Named constants so the audit-actions test finds what this file writes.
const PASSKEY_ADDED_ACTION = 'two_factor.passkey_added';
const PASSKEY_REMOVED_ACTION = 'two_factor.passkey_removed';

export interface PasskeyDependencies extends ProofDependencies {
  relyingParty: RelyingParty;
}

const auditOf = (principal: Principal, action: string, after: Record<string, unknown>) => ({
  manufacturerId: principal.manufacturerId,
  action,
  entityType: 'system_user',
  entityId: principal.systemUserId,
  after,
});

const passkeyAnswer = (row: { id: number; name: string; created_at: Date; last_used_at: Date | null }) => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/**
 * The signed-in staff member's own passkeys ("Security" on their account page): list, enrol (options with a kept
 * single-use challenge, then the browser's answer checked by @simplewebauthn/server) and remove. Enrolling where a
 * factor is already on needs that factor now (fresh-factor.ts); a passkey's own proof challenge serves for that.
 */
export const passkeyRoutes: FastifyPluginAsyncTypebox<PasskeyDependencies> = async (app, deps) => {
  const { db, relyingParty } = deps;

  app.get(
    '/systemusers/me/passkeys',
    { schema: { tags: ['auth'], response: { 200: PasskeyList } } },
    async (request) => {
      const rows = await listPasskeys(db, principalOf(request).systemUserId);
      return { passkeys: rows.map(passkeyAnswer) };
    },
  );

  app.post(
    '/systemusers/me/passkeys/proof-options',
    { schema: { tags: ['auth'], response: { 200: PasskeyOptions, 409: ErrorResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const passkeys = await listPasskeys(db, principal.systemUserId);
      if (passkeys.length === 0) throw new HttpError(409, NO_PASSKEYS);
      const options = await authenticationOptions(relyingParty, passkeys);
      await keepChallenge(db, { value: options.challenge, systemUserId: principal.systemUserId, purpose: 'proof' });
      return { options };
    },
  );

  const answerRegistrationOptions = async (principal: Principal) => {
    const existing = await listPasskeys(db, principal.systemUserId);
    const options = await registrationOptions(relyingParty, principal, existing);
    const challenge = { value: options.challenge, systemUserId: principal.systemUserId };
    await keepChallenge(db, { ...challenge, purpose: 'registration' });
    return { options };
  };

  app.post(
    '/systemusers/me/passkeys/registration-options',
    {
      schema: {
        tags: ['auth'],
        body: FreshFactorBody,
        response: { 200: PasskeyOptions, 400: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const factorOn =
        (await hasConfirmedFactor(db, principal.systemUserId)) || (await hasPasskey(db, principal.systemUserId));
      if (factorOn && !(await checkFreshFactor(deps, principal, request.body, request.ip, reply))) return reply;
      return answerRegistrationOptions(principal);
    },
  );

  // The same with one of the user's passkeys as the fresh factor (a proof challenge answered).
  app.post(
    '/systemusers/me/passkeys/registration-options/with-passkey',
    {
      schema: {
        tags: ['auth'],
        body: PasskeyProofBody,
        response: { 200: PasskeyOptions, 400: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!(await checkFreshFactor(deps, principal, request.body, request.ip, reply))) return reply;
      return answerRegistrationOptions(principal);
    },
  );

  app.post(
    '/systemusers/me/passkeys',
    {
      schema: {
        tags: ['auth'],
        body: PasskeyRegistrationBody,
        response: { 201: Passkey, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const name = request.body.name.trim();
      if (!name) throw new HttpError(400, PASSKEY_NAME_BLANK);
      const { response } = request.body;
      const challenge = challengeOf(response.response.clientDataJSON);
      if (challenge === undefined) throw new HttpError(400, PASSKEY_NOT_CREATED);
      const taken = await takeChallenge(db, {
        value: challenge,
        systemUserId: principal.systemUserId,
        purpose: 'registration',
      });
      if (!taken) throw new HttpError(409, PASSKEY_CHALLENGE_GONE);
      const credential = await checkRegistration(relyingParty, response, challenge);
      if (!credential) throw new HttpError(400, PASSKEY_NOT_CREATED);
      const row = await db.transaction().execute(async (trx) => {
        const added = await addPasskey(trx, {
          systemUserId: principal.systemUserId,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          name,
        });
        if (added) await recordAudit(trx, principal, auditOf(principal, PASSKEY_ADDED_ACTION, { name }));
        return added;
      });
      // The authenticator's credential is registered already (to this user or another): nothing is added.
      if (!row) throw new HttpError(409, PASSKEY_NOT_CREATED);
      return reply.code(201).send(passkeyAnswer(row));
    },
  );

  app.post(
    '/systemusers/me/passkeys/:id/remove',
    {
      schema: {
        tags: ['auth'],
        params: IdParams,
        body: FactorProofBody,
        response: {
          200: PasskeyList,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const owned = (await listPasskeys(db, principal.systemUserId)).some((row) => row.id === request.params.id);
      if (!owned) throw new HttpError(404, PASSKEY_NOT_FOUND);
      if (!(await checkFactorProof(deps, principal, request.body, request.ip, reply))) return reply;
      await db.transaction().execute(async (trx) => {
        await lockFactorsOf(trx, principal.systemUserId);
        const removed = await deletePasskey(trx, principal.systemUserId, request.params.id);
        await refuseLosingLastFactor(trx, principal);
        if (removed)
          await recordAudit(trx, principal, auditOf(principal, PASSKEY_REMOVED_ACTION, { name: removed.name }));
      });
      const rows = await listPasskeys(db, principal.systemUserId);
      return { passkeys: rows.map(passkeyAnswer) };
    },
  );
};
