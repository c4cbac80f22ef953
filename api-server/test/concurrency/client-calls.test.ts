import { sql } from 'kysely';
import { REVOCATION_LIST_FORMAT } from 'signed-formats';
import { REVOCATIONS_MAX_ENTRIES } from '../../src/clients/revocations';
import { CLIENT, clientPost, clientApiSuite, verifiedDocument } from '../client-fixtures';
import { activeFingerprints } from '../support/license-rows';

/** Client calls at once: the machine limit, the deactivation cap and one trial per machine hold under races. */
describe('client API under concurrency', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });

  const activate = (fingerprint: string) =>
    clientPost(suite.t, '/activations', {
      product_id: suite.world.synth.id,
      serial: suite.world.bobSynth.serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });

  it('lets exactly one of several machines racing for the last slot in', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => activate(`RACE-${i}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await activeFingerprints(suite.t.db, suite.world.bobSynth.id)).toHaveLength(1);
  });

  it('lets at most 3 customer deactivations through when they arrive at once', async () => {
    await suite.t.db
      .updateTable('products')
      .set({ machine_limit: 10 })
      .where('id', '=', suite.world.synth.id)
      .execute();
    for (let i = 0; i < 5; i++) expect((await activate(`CAP-${i}`)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        clientPost(suite.t, '/deactivations', {
          product_id: suite.world.synth.id,
          serial: suite.world.bobSynth.serial,
          hardware_fingerprint: `CAP-${i}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    const deactivations = await suite.t.db
      .selectFrom('license_machine_deactivations')
      .select('id')
      .where('license_id', '=', suite.world.bobSynth.id)
      .execute();
    expect(deactivations).toHaveLength(3);
  });

  it('starts one trial for a machine asking several times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        clientPost(suite.t, '/trials', { product_id: suite.world.synth.id, hardware_fingerprint: 'TRIAL-RACE' }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 201)).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().expires_at)).size).toBe(1);
  });

  it('cuts a revocation list longer than the maximum before the first time that did not fit, and says it is incomplete', async () => {
    await sql`
      INSERT INTO licenses (manufacturer_id, product_id, user_id, serial, license_type, disabled, disabled_reason, updated_at)
      SELECT ${suite.world.manufacturerA.id}, ${suite.world.synth.id}, ${suite.world.ann.id}, 'BULK-' || n, 'Standard', true, 'DuplicateOrder', timestamptz '2030-01-01T00:00:00Z' + n * interval '1 second'
      FROM generate_series(1, ${REVOCATIONS_MAX_ENTRIES + 10}) AS n`.execute(suite.t.db);
    const response = await suite.t.app.inject({
      url: `${CLIENT}/products/${suite.world.synth.id}/revocations?hardware_fingerprint=X&since=2030-01-01T00:00:00Z`,
    });
    const list = verifiedDocument(REVOCATION_LIST_FORMAT, response.body, suite.world.synth.public_key);
    const licenses = list.licenses as { changed_at: string }[];
    expect(list.complete).toBe(false);
    expect(licenses).toHaveLength(REVOCATIONS_MAX_ENTRIES);
    const next = await suite.t.app.inject({
      url: `${CLIENT}/products/${suite.world.synth.id}/revocations?hardware_fingerprint=X&since=${licenses.at(-1)!.changed_at}`,
    });
    const rest = verifiedDocument(REVOCATION_LIST_FORMAT, next.body, suite.world.synth.public_key);
    expect(rest).toMatchObject({ complete: true });
    expect((rest.licenses as unknown[]).length).toBe(11);
  });
});
