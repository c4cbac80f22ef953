import { sql } from 'kysely';
import { PortalLicenseList } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { CONTRACT_TIMESTAMP, keysOutOfSchemaOrder, strictValidator } from './support/strict-schema';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost } from './client-fixtures';
import { customerAuth, signInThroughMail } from './portal-fixtures';

jest.setTimeout(120_000);

const validate = strictValidator(PortalLicenseList);

/** The licensing world with Ann signed in and two machines on her synth licence, whose product's name needs escapes. */
async function annWithMachines(t: TestApp) {
  const world = await createLicensingWorld(t);
  // Every kind of escape JSON has, and characters beyond ASCII.
  await sql`UPDATE products SET name = ${'Synth "Pro" \\ Ünï 🎹\ttab\u0001'} WHERE id = ${world.synth.id}`.execute(
    t.db,
  );
  for (const fingerprint of ['ANN-STUDIO', 'ANN-LAPTOP']) {
    const activated = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial: world.annSynth.serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect(activated.statusCode).toBe(200);
  }
  return { world, annToken: await signInThroughMail(t.app, t.db, 'alpha-audio', world.ann.email) };
}

// The portal's licence list goes out as PostgreSQL writes it, past the response serializer: these tests hold its raw
// bytes to what the serializer would have written (compact, the schema's fields in its order, JSON's escapes).
describe('the portal licence list, written by PostgreSQL', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let annToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ world, annToken } = await annWithMachines(t));
  });
  afterAll(() => t.close());

  const rawList = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/portal/licenses${query}`,
      headers: customerAuth(annToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    return response.rawPayload.toString('utf8');
  };

  it.each([
    ['the first page', ''],
    ['one licence per page', '?per_page=1'],
    ['the second page of one', '?page=2&per_page=1'],
    ['a page past the end', '?page=9&per_page=25'],
  ])('%s: compact, the schema closed and in order', async (_label, query) => {
    const raw = await rawList(query);
    const answer: unknown = JSON.parse(raw);
    expect(raw).toBe(JSON.stringify(answer));
    expect(validate(answer) ? [] : validate.errors).toEqual([]);
    expect(keysOutOfSchemaOrder(PortalLicenseList, answer)).toEqual([]);
  });

  it('holds the licences newest first, their products, and the machines in activation order', async () => {
    const answer = JSON.parse(await rawList('')) as PortalLicenseList;
    expect(answer.pagination.records.total).toBe(2);
    expect(answer.data.map((license) => license.id)).toEqual([world.annDrums.id, world.annSynth.id]);
    const synth = answer.data[1];
    expect(synth).toMatchObject({
      serial: world.annSynth.serial,
      state: 'active',
      disabled_reason: null,
      product: { id: world.synth.id, name: 'Synth "Pro" \\ Ünï 🎹\ttab\u0001' },
      machines_in_use: 2,
    });
    expect(synth.machines.map((machine) => [machine.hardware_fingerprint, machine.name])).toEqual([
      ['ANN-STUDIO', null],
      ['ANN-LAPTOP', null],
    ]);
    for (const machine of synth.machines) {
      expect(machine.activated_at).toMatch(CONTRACT_TIMESTAMP);
      expect(machine.last_seen_at).toMatch(CONTRACT_TIMESTAMP);
    }
    expect(answer.data[0]).toMatchObject({ machines_in_use: 0, machines: [] });
  });
});
