import { PLAIN_POLICY } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { auditRows, createEndUser, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { editionInUse } from '../src/policies/routes/editions';
import { NO_SUCH_EDITION_OF_PRODUCT } from '../src/policies/routes/license-terms';

// docs/licensing.md "Policies, features and editions": what removing and applying a policy does to licences, and
// the refusals of an edition still named or of another product.
describe('licence policies: removed, applied, and editions in use', () => {
  let t: TestApp;
  let world: LicensingWorld;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth(world.staffAToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  let users = 0;
  const newLicense = async (productId: number, licenseType: string) => {
    const user = await createEndUser(t.db, world.manufacturerA.id, `policy-${++users}@listener.example`);
    const made = await call('POST', `/users/${user.id}/licenses`, { product_id: productId, license_type: licenseType });
    expect(made.statusCode).toBe(201);
    return made.json().id as number;
  };
  const termsOf = async (licenseId: number) => (await call('GET', `/licenses/${licenseId}/terms`)).json();
  const putPolicy = async (productId: number, type: string, policy: Record<string, unknown>) => {
    const put = await call('PUT', `/products/${productId}/policies/${type}`, { ...PLAIN_POLICY, ...policy });
    expect(put.statusCode).toBe(200);
  };
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  it('a removed policy leaves its licences their terms; licences made afterwards are made as before', async () => {
    const drums = world.drums.id;
    await putPolicy(drums, 'Standard', { term: 'time-limited', duration_days: 30, grace_days: 3 });
    const termed = await newLicense(drums, 'Standard');
    const kept = await termsOf(termed);
    expect(kept).toMatchObject({ grace_days: 3, expires_at: expect.any(String) });

    expect((await call('DELETE', `/products/${drums}/policies/Standard`)).statusCode).toBe(204);
    expect((await call('GET', `/products/${drums}/policies`)).json()).toEqual({ data: [] });
    expect(await termsOf(termed)).toEqual(kept);
    const plain = await newLicense(drums, 'Standard');
    expect(await termsOf(plain)).toEqual({
      license_id: plain,
      edition: null,
      expires_at: null,
      grace_days: 0,
      expired: false,
      maintenance_months: null,
      maintenance_ends_at: null,
    });
  });

  it('applied, a time-limited policy keeps a renewal and dates a licence without expiry; a perpetual one clears both', async () => {
    const synth = world.synth.id;
    const undated = await newLicense(synth, 'Standard');
    const renewed = await newLicense(synth, 'Standard');
    const until = '2031-02-03T04:05:06.000Z';
    expect((await call('POST', `/licenses/${renewed}/renew`, { expires_at: until })).statusCode).toBe(200);
    await putPolicy(synth, 'Standard', { term: 'time-limited', duration_days: 30 });

    expect((await call('POST', `/products/${synth}/policies/Standard/apply`)).statusCode).toBe(200);
    expect((await termsOf(renewed)).expires_at).toBe(until);
    const created = Date.parse(
      (
        await t.db.selectFrom('licenses').select('created_at').where('id', '=', undated).executeTakeFirstOrThrow()
      ).created_at.toISOString(),
    );
    expect(Math.abs(Date.parse((await termsOf(undated)).expires_at) - created - 30 * DAY)).toBeLessThan(1000);

    await putPolicy(synth, 'Standard', { term: 'perpetual' });
    expect((await call('GET', `/products/${synth}/policies/Standard/apply-preview`)).json().licenses).toBeGreaterThan(
      1,
    );
    expect((await call('POST', `/products/${synth}/policies/Standard/apply`)).statusCode).toBe(200);
    expect((await termsOf(renewed)).expires_at).toBeNull();
    expect((await termsOf(undated)).expires_at).toBeNull();
  });

  it('refuses to delete an edition a policy names with 409 and both counts', async () => {
    const synth = world.synth.id;
    const gold = await call('POST', `/products/${synth}/editions`, { name: 'Gold', features: [] });
    expect(gold.statusCode).toBe(201);
    await putPolicy(synth, 'NFR', { edition_id: gold.json().id });
    const licensed = await newLicense(synth, 'NFR');
    expect((await termsOf(licensed)).edition).toMatchObject({ name: 'Gold' });

    const refused = await call('DELETE', `/products/${synth}/editions/${gold.json().id}`);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: [editionInUse({ licenses: 1, policies: 1 })] },
    ]);
    expect(refused.json().message[0]).toContain('(1 license, 1 policy)');
  });

  it('audits a feature’s and an edition’s changes on the product', async () => {
    const product = `/products/${world.drums.id}`;
    const feature = (await call('POST', `${product}/features`, { key: 'fills', label: 'Fills' })).json();
    expect((await call('PATCH', `${product}/features/${feature.id}`, { label: 'Drum fills' })).statusCode).toBe(200);
    const edition = (await call('POST', `${product}/editions`, { name: 'Fills', features: ['fills'] })).json();
    expect((await call('PATCH', `${product}/editions/${edition.id}`, { name: 'Fills', features: [] })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `${product}/editions/${edition.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${product}/features/${feature.id}`)).statusCode).toBe(204);
    const actions = (await auditRows(t.db, 'product', world.drums.id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'product_feature.create',
        'product_feature.update',
        'product_edition.create',
        'product_edition.update',
        'product_edition.delete',
        'product_feature.delete',
      ]),
    );
  });

  it('refuses an edition of another product for a licence with 400, changing nothing', async () => {
    const drumsEdition = await call('POST', `/products/${world.drums.id}/editions`, { name: 'Kit', features: [] });
    expect(drumsEdition.statusCode).toBe(201);
    const before = await termsOf(world.annSynth.id);
    const refused = await call('POST', `/licenses/${world.annSynth.id}/edition`, {
      edition_id: drumsEdition.json().id,
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: [NO_SUCH_EDITION_OF_PRODUCT] }]);
    expect(await termsOf(world.annSynth.id)).toEqual(before);
  });

  it('refuses the staff Download of a licence past its expiry and grace with the documented 409, recording nothing', async () => {
    const lapsed = await newLicense(world.synth.id, 'Free');
    await t.db
      .updateTable('licenses')
      .set({ expires_at: new Date('2024-05-06T07:08:09Z'), grace_days: 10 })
      .where('id', '=', lapsed)
      .execute();
    const activations = () =>
      t.db.selectFrom('license_activations').select('id').where('license_id', '=', lapsed).execute();
    const refused = await call('POST', `/licenses/${lapsed}/activations`, {
      hardware_fingerprint: 'STAFF-DOWNLOAD-LAPSED',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: ['This license expired on 2024-05-06: renew it to use it again.'] },
    ]);
    expect(await activations()).toEqual([]);
  });
});
