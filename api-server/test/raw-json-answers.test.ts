import { BulkUpdateLicensesResult, EndUserDetails, License, LicenseList, TrialList } from 'shared-kit/contract';
import { findLicenses } from '../src/licenses/queries/licenses';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { CONTRACT_TIMESTAMP, strictValidator } from './support/strict-schema';
import { createLicensingWorld, createTrial, type LicensingWorld } from './licensing-fixtures';
import { createChannels, transferLicense } from './support/users-fixtures';

jest.setTimeout(60_000);

// Licence and trial pages and a user's details go out as PostgreSQL writes them, past the response serializer: the serializer no longer drops
// unknown fields or shapes values, so these tests hold the raw bytes to the route's response schema, closed.
describe('answers sent as PostgreSQL writes them', () => {
  let t: TestApp;
  let w: LicensingWorld;
  const validateLicenseList = strictValidator(LicenseList);

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  const rawPage = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth(w.staffAToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(response.rawPayload.toString('utf8')) as LicenseList;
  };

  const pages = (): [string, string][] => [
    ['a product with identifier and series, three owners, one disabled', `/api/v1/products/${w.synth.id}/licenses`],
    ['a product without identifier and series', `/api/v1/products/${w.drums.id}/licenses`],
    ['an email search', `/api/v1/products/${w.synth.id}/licenses?email=ANN`],
    ['an empty search', `/api/v1/products/${w.synth.id}/licenses?email=nobody`],
    ['a page past the end', `/api/v1/products/${w.synth.id}/licenses?page=9&per_page=2`],
    ['a deep page (walked from the end)', `/api/v1/products/${w.synth.id}/licenses?page=2&per_page=2`],
    ['an end user with two products', `/api/v1/users/${w.ann.id}/licenses`],
  ];

  it('every page is exactly a LicenseList: no field the schema lacks, none missing, contract timestamps', async () => {
    for (const [what, url] of pages()) {
      const body = await rawPage(url);
      expect({ what, valid: validateLicenseList(body), errors: validateLicenseList.errors ?? null }).toEqual({
        what,
        valid: true,
        errors: null,
      });
      for (const license of body.data)
        expect([license.created_at, license.updated_at]).toEqual([
          expect.stringMatching(CONTRACT_TIMESTAMP),
          expect.stringMatching(CONTRACT_TIMESTAMP),
        ]);
    }
  });

  it('every row equals the licence as the API shapes it from the table (values, nulls, timestamps)', async () => {
    for (const [what, url] of pages()) {
      const body = await rawPage(url);
      const expected = await findLicenses(
        t.db,
        w.manufacturerA.id,
        body.data.map((license) => license.id),
      );
      expect({ what, data: body.data }).toEqual({ what, data: expected });
    }
    const all = await rawPage(`/api/v1/products/${w.synth.id}/licenses`);
    expect(all.data.map((license) => license.id)).toEqual([w.annSynth.id, w.bobSynth.id, w.cySynthDisabled.id]);
    expect(all.data[2]).toMatchObject({ disabled: true, disabled_reason: 'FraudulentUse', license_type: 'Free' });
    expect((await rawPage(`/api/v1/products/${w.drums.id}/licenses`)).data[0].product).toEqual({
      id: w.drums.id,
      name: 'Alpha Drums',
      identifier: null,
      series: null,
    });
    expect(await rawPage(`/api/v1/products/${w.synth.id}/licenses?email=nobody`)).toEqual({
      data: [],
      pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
    });
  });

  it('the closed schema refuses a row with one field more, one field less or a nested field more', async () => {
    const body = await rawPage(`/api/v1/products/${w.synth.id}/licenses`);
    const [first] = body.data;
    const { serial: _serial, ...withoutSerial } = first;
    for (const row of [
      { ...first, manufacturer_id: 1 },
      withoutSerial,
      { ...first, product: { ...first.product, public_key: 'k' } },
      { ...first, created_at: 'yesterday' },
    ]) {
      expect(validateLicenseList({ ...body, data: [row] })).toBe(false);
    }
  });

  it('a licence by id is exactly a License, equal to the API shape of its row; another tenant’s is a 404', async () => {
    const validate = strictValidator(License);
    for (const license of [w.annSynth, w.cySynthDisabled, w.annDrums]) {
      const body = await rawPage(`/api/v1/licenses/${license.id}`);
      expect({ id: license.id, valid: validate(body), errors: validate.errors ?? null }).toEqual({
        id: license.id,
        valid: true,
        errors: null,
      });
      expect(body).toEqual((await findLicenses(t.db, w.manufacturerA.id, [license.id]))[0]);
    }
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/licenses/${w.betaLicense.id}`,
      headers: auth(w.staffAToken),
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: [expect.stringContaining('License')] }]);
  });

  it('a bulk update answers exactly a BulkUpdateLicensesResult, its licences as the API shapes them, in the order asked', async () => {
    const ids = [w.cySynthDisabled.id, w.annDrums.id, w.annSynth.id];
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/licenses/bulk-update',
      headers: auth(w.staffAToken),
      payload: { license_ids: ids, disabled: true, disabled_reason: 'DuplicateOrder' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(response.rawPayload.toString('utf8')) as BulkUpdateLicensesResult;
    const validate = strictValidator(BulkUpdateLicensesResult);
    expect({ valid: validate(body), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(body.data).toEqual(await findLicenses(t.db, w.manufacturerA.id, ids));
    expect(body.data.map((license) => license.id)).toEqual(ids);
  });

  it('trial pages are exactly a TrialList', async () => {
    await createTrial(t.db, w.manufacturerA.id, w.synth.id, 'MAC-0001');
    await createTrial(t.db, w.manufacturerA.id, w.synth.id, 'WIN-0001');
    const validate = strictValidator(TrialList);
    for (const query of ['', '?hardware_fingerprint=mac', '?hardware_fingerprint=none', '?page=2&per_page=1']) {
      const body = await rawPage(`/api/v1/products/${w.synth.id}/trials${query}`);
      expect({ query, valid: validate(body), errors: validate.errors ?? null }).toEqual({
        query,
        valid: true,
        errors: null,
      });
    }
    expect((await rawPage(`/api/v1/products/${w.synth.id}/trials?hardware_fingerprint=mac`)).data).toEqual([
      {
        id: expect.any(Number),
        hardware_fingerprint: 'MAC-0001',
        created_at: expect.stringMatching(CONTRACT_TIMESTAMP),
      },
    ]);
  });

  it('a user’s details are exactly an EndUserDetails, with every nested list filled and empty', async () => {
    const alpha = w.manufacturerA.id;
    const channels = await createChannels(t.db, alpha);
    await t.db
      .insertInto('fingerprints')
      .values({ manufacturer_id: alpha, user_id: w.bob.id, hardware_fingerprint: 'HW-ONE' })
      .execute();
    await t.db
      .insertInto('channel_memberships')
      .values({ manufacturer_id: alpha, user_id: w.bob.id, channel_id: channels.beta.id })
      .execute();
    await transferLicense(t.db, alpha, w.synth.id, w.bob.id, w.cy.id);
    await transferLicense(t.db, alpha, w.drums.id, w.cy.id, w.bob.id);
    const validate = strictValidator(EndUserDetails);
    for (const user of [w.bob, w.cy, w.ann]) {
      const body = await rawPage(`/api/v1/users/${user.id}`);
      expect({ user: user.email, valid: validate(body), errors: validate.errors ?? null }).toEqual({
        user: user.email,
        valid: true,
        errors: null,
      });
    }
    const bob = (await rawPage(`/api/v1/users/${w.bob.id}`)) as unknown as EndUserDetails;
    expect([
      bob.fingerprints.length,
      bob.channel_memberships.length,
      bob.license_transfers_sent.length,
      bob.license_transfers_received.length,
    ]).toEqual([1, 1, 1, 1]);
    expect([bob.created_at, bob.updated_at]).toEqual([w.bob.created_at.toISOString(), w.bob.updated_at.toISOString()]);
  });

  it('another tenant’s product or user is still a 404 with a message', async () => {
    for (const url of [
      `/api/v1/products/${w.betaProduct.id}/licenses`,
      `/api/v1/users/${w.betaUser.id}/licenses`,
      `/api/v1/products/${w.betaProduct.id}/trials`,
      `/api/v1/users/${w.betaUser.id}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: auth(w.staffAToken) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: [expect.any(String)] });
    }
  });
});
