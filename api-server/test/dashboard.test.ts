import { sql } from 'kysely';
import type { Dashboard } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost, resetRateLimits } from './client-fixtures';

describe('GET /dashboard', () => {
  let t: TestApp;
  let w: LicensingWorld;

  const dashboard = async (token: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard${query}`, headers: auth(token) });
    expect(response.statusCode).toBe(200);
    return response.json() as Dashboard;
  };
  const activate = (productId: number, serial: string, fingerprint: string) =>
    clientPost(t, '/activations', {
      product_id: productId,
      serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  /** What the base tables say, counted without the dashboard's aggregates. */
  async function truth(manufacturerId: number | null) {
    const tenant = (alias: string) =>
      manufacturerId === null ? sql`true` : sql`${sql.ref(`${alias}.manufacturer_id`)} = ${manufacturerId}`;
    const licenses = await sql<{
      license_type: string;
      disabled: boolean;
      n: string;
    }>`SELECT license_type, disabled, count(*) AS n FROM licenses l WHERE ${tenant('l')} GROUP BY 1, 2`.execute(t.db);
    const activations = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM license_activations a WHERE ${tenant('a')}`.execute(t.db);
    const trials = await sql<{ n: string }>`SELECT count(*) AS n FROM trials r WHERE ${tenant('r')}`.execute(t.db);
    const activationsToday = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM license_activations a WHERE ${tenant('a')} AND (a.created_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date`.execute(
      t.db,
    );
    const count = (type: string, disabled: boolean) =>
      Number(licenses.rows.find((row) => row.license_type === type && row.disabled === disabled)?.n ?? 0);
    return {
      licenses_by_type: ['NFR', 'Standard', 'Free'].map((type) => ({
        license_type: type,
        enabled: count(type, false),
        disabled: count(type, true),
      })),
      activations: Number(activations.rows[0].n),
      trials: Number(trials.rows[0].n),
      activationsToday: Number(activationsToday.rows[0].n),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    await resetRateLimits(t);
    await t.db.updateTable('products').set({ trial_days: 14 }).where('id', 'in', [w.synth.id, w.drums.id]).execute();
    await t.db.updateTable('products').set({ identifier: 'com.alpha.drums' }).where('id', '=', w.drums.id).execute();
    const staffA = auth(w.staffAToken);
    // Through the API: a new licence, a disabled one, trials on two products and activations by the client and by staff.
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.bob.id}/licenses`,
      headers: staffA,
      payload: { product_id: w.drums.id, license_type: 'NFR' },
    });
    expect(created.statusCode).toBe(201);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/licenses/${w.bobSynth.id}`,
      headers: staffA,
      payload: { disabled: true, disabled_reason: 'CancelledOrder' },
    });
    expect(disabled.statusCode).toBe(200);
    for (const [product, fingerprint] of [
      [w.synth.id, 'TRIAL-1'],
      [w.synth.id, 'TRIAL-2'],
      [w.synth.id, 'TRIAL-3'],
      [w.drums.id, 'TRIAL-4'],
    ] as const) {
      expect(
        (await clientPost(t, '/trials', { product_id: product, hardware_fingerprint: fingerprint })).statusCode,
      ).toBe(201);
    }
    // TRIAL-1 converts on Synth (client activations); TRIAL-4 on Drums (a staff Download); TRIAL-2 is activated by a Drums licence only, so Synth's TRIAL-2 does not convert.
    expect((await activate(w.synth.id, w.annSynth.serial, 'TRIAL-1')).statusCode).toBe(200);
    expect((await activate(w.synth.id, w.annSynth.serial, 'TRIAL-1')).statusCode).toBe(200);
    expect((await activate(w.drums.id, w.annDrums.serial, 'TRIAL-2')).statusCode).toBe(200);
    const download = await t.app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${w.annDrums.id}/activations`,
      headers: staffA,
      payload: { hardware_fingerprint: 'TRIAL-4', hardware_fingerprint_version: 2, signature_seed_version: 5 },
    });
    expect(download.statusCode).toBe(201);
    // An activation 40 days ago: in the 90-day series, not the 30-day one.
    await t.db
      .insertInto('license_activations')
      .values({
        manufacturer_id: w.manufacturerA.id,
        license_id: w.annSynth.id,
        hardware_fingerprint: 'OLD-MACHINE',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        created_at: sql`now() - interval '40 days'`,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('shows the manufacturer its licences by type and state, activations and trials per day, top products and conversion, equal to the data', async () => {
    const figures = await dashboard(w.staffAToken);
    const expected = await truth(w.manufacturerA.id);
    expect(figures.scope).toBe('manufacturer');
    expect(figures.days).toBe(30);
    expect(figures.licenses_by_type).toEqual(expected.licenses_by_type);
    expect(figures.licenses_by_type).toEqual([
      { license_type: 'NFR', enabled: 2, disabled: 0 },
      { license_type: 'Standard', enabled: 1, disabled: 1 },
      { license_type: 'Free', enabled: 0, disabled: 1 },
    ]);
    expect(figures.totals).toEqual({
      manufacturers: null,
      licenses: 5,
      activations: expected.activations,
      trials: expected.trials,
    });
    expect(figures.totals.activations).toBe(5);
    expect(figures.totals.trials).toBe(4);

    expect(figures.per_day).toHaveLength(30);
    expect(figures.per_day[0].day).toBe(daysAgo(29));
    expect(figures.per_day.at(-1)).toEqual({ day: today(), activations: expected.activationsToday, trials: 4 });
    expect(figures.per_day.reduce((sum, day) => sum + day.activations, 0)).toBe(4);

    expect(figures.top_products).toEqual([
      { product_id: w.synth.id, name: 'Alpha Synth', activations: 2 },
      { product_id: w.drums.id, name: 'Alpha Drums', activations: 2 },
    ]);
    expect(figures.conversion).toEqual([
      { product_id: w.synth.id, name: 'Alpha Synth', trials: 3, converted: 1 },
      { product_id: w.drums.id, name: 'Alpha Drums', trials: 1, converted: 1 },
    ]);
  });

  it('covers 90 days when asked, including the older activation', async () => {
    const figures = await dashboard(w.staffAToken, '?days=90');
    expect(figures.days).toBe(90);
    expect(figures.per_day).toHaveLength(90);
    expect(figures.per_day.find((day) => day.day === daysAgo(40))).toEqual({
      day: daysAgo(40),
      activations: 1,
      trials: 0,
    });
    expect(figures.top_products[0]).toEqual({ product_id: w.synth.id, name: 'Alpha Synth', activations: 3 });
  });

  it('keeps to the tenant: staff of B see only B', async () => {
    const figures = await dashboard(w.staffBToken, '?days=90');
    expect(figures.totals).toEqual({ manufacturers: null, licenses: 1, activations: 0, trials: 1 });
    expect(figures.licenses_by_type).toEqual((await truth(w.manufacturerB.id)).licenses_by_type);
    expect(figures.top_products).toEqual([]);
    expect(figures.conversion).toEqual([{ product_id: w.betaProduct.id, name: 'Beta Bass', trials: 1, converted: 0 }]);
    expect(JSON.stringify(figures)).not.toContain('Alpha');
  });

  it('shows the superuser manufacturers, licences and activations across all', async () => {
    const figures = await dashboard(w.superToken);
    const expected = await truth(null);
    expect(figures.scope).toBe('platform');
    expect(figures.totals).toEqual({
      manufacturers: 2,
      licenses: 6,
      activations: expected.activations,
      trials: expected.trials,
    });
    expect(figures.licenses_by_type).toEqual(expected.licenses_by_type);
    expect(figures.per_day.at(-1)).toEqual({ day: today(), activations: expected.activationsToday, trials: 5 });
    expect(figures.top_products).toEqual([]);
    expect(figures.conversion).toEqual([]);
  });

  it('stays exact when licences are enabled again, change type, or are deleted, and trials and activations go', async () => {
    const staffA = auth(w.staffAToken);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/licenses/${w.bobSynth.id}`,
          headers: staffA,
          payload: { disabled: false },
        })
      ).statusCode,
    ).toBe(200);
    await t.db.updateTable('licenses').set({ license_type: 'Free' }).where('id', '=', w.annDrums.id).execute();
    const spare = await createLicense(t.db, {
      manufacturerId: w.manufacturerA.id,
      productId: w.drums.id,
      userId: w.cy.id,
    });
    await t.db.deleteFrom('licenses').where('id', '=', spare.id).execute();
    await t.db.deleteFrom('trials').where('hardware_fingerprint', '=', 'TRIAL-3').execute();
    await t.db.deleteFrom('license_activations').where('hardware_fingerprint', '=', 'OLD-MACHINE').execute();
    const figures = await dashboard(w.staffAToken, '?days=90');
    const expected = await truth(w.manufacturerA.id);
    expect(figures.licenses_by_type).toEqual(expected.licenses_by_type);
    expect(figures.totals).toMatchObject({ licenses: 5, activations: expected.activations, trials: expected.trials });
    expect(figures.totals.trials).toBe(3);
    expect(figures.per_day.reduce((sum, day) => sum + day.activations, 0)).toBe(expected.activations);
  });

  it('refuses a period other than 30 or 90 days with a clear 400', async () => {
    for (const days of ['7', '0', '-30', '30.5', 'abc', '1e309', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/dashboard?days=${days}`,
        headers: auth(w.staffAToken),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: [expect.stringMatching(/days/)] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});
