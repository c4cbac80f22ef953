import { seedDemoData } from '../src/seed/demo-data';
import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { appForSuite } from './support/test-app';
import { auth, createTenants } from './support/fixtures';

describe('client API: the product machine limit and the demo data', () => {
  const suite = appForSuite((t) => createTenants(t.app, t.db));

  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    suite.t.app.inject({ method, url, headers: auth(suite.world.staffAToken), payload });

  it('creates a product with machine limit 3 unless told, shows it and changes it within 1..1000', async () => {
    const created = await send('POST', '/api/v1/products', { type: 'Full', name: 'Limiter', plugin_name: 'Limiter' });
    expect(created.json()).toMatchObject({ machine_limit: 3 });
    const id = created.json().id as number;
    expect(
      (
        await send('POST', '/api/v1/products', { type: 'Full', name: 'Gate', plugin_name: 'Gate', machine_limit: 1000 })
      ).json(),
    ).toMatchObject({ machine_limit: 1000 });
    expect((await send('PATCH', `/api/v1/products/${id}`, { machine_limit: 5 })).json()).toMatchObject({
      machine_limit: 5,
    });
    expect((await send('GET', `/api/v1/products/${id}`)).json()).toMatchObject({ machine_limit: 5 });
    expect((await send('PATCH', `/api/v1/products/${id}`, { name: 'Limiter II' })).json()).toMatchObject({
      machine_limit: 5,
    });
    for (const machine_limit of [0, 1001, 2.5, 'three', null]) {
      const response = await send('PATCH', `/api/v1/products/${id}`, { machine_limit });
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatch(/^machine_limit /);
    }
    expect((await send('GET', `/api/v1/products/${id}`)).json()).toMatchObject({ machine_limit: 5 });
  });

  it('seeds trials and machines of Aurora Compressor through the client code paths', async () => {
    await seedDemoData(suite.t.db, suite.t.masterKey, suite.t.storage);
    const product = await suite.t.db
      .selectFrom('products')
      .select('id')
      .where('identifier', '=', 'com.aurora.compressor')
      .executeTakeFirstOrThrow();
    const trials = await suite.t.db
      .selectFrom('trials')
      .select(['hardware_fingerprint', 'expires_at'])
      .where('product_id', '=', product.id)
      .where('expires_at', 'is not', null)
      .execute();
    expect(trials.map((trial) => trial.hardware_fingerprint).sort()).toEqual([
      'HWFP2-DEMO-TRIAL-0001',
      'HWFP2-DEMO-TRIAL-0002',
    ]);
    const machines = await suite.t.db
      .selectFrom('license_machines')
      .select(['hardware_fingerprint', 'deactivated_by', 'name'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(machines).toHaveLength(4);
    // Some machines have the names their plugins reported, one has none.
    expect(machines.map((machine) => [machine.hardware_fingerprint, machine.name])).toEqual([
      ['HWFP2-DEMO-1-1', 'Studio Mac'],
      ['HWFP2-DEMO-1-2', 'Laptop'],
      ['HWFP2-DEMO-2-1', 'Studio Mac'],
      ['HWFP2-DEMO-2-2', null],
    ]);
    expect(
      machines.filter((machine) => machine.deactivated_by === 'client').map((machine) => machine.hardware_fingerprint),
    ).toEqual(['HWFP2-DEMO-1-1']);
    const actions = await suite.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'client.%')
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual([
      'client.license.activate',
      'client.license.activate',
      'client.license.activate',
      'client.license.activate',
      'client.machine.deactivate',
      'client.trial.start',
      'client.trial.start',
    ]);
  });

  it('gives the demo some history: a staff edit of Aurora Compressor and a cancelled licence, in words', async () => {
    const staff = DEMO_LOGINS.find((login) => login.email === 'staff@aurora-audio.example')!;
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: staff.email, password: staff.password },
    });
    const headers = auth(login.json().token);
    const product = await suite.t.db
      .selectFrom('products')
      .select('id')
      .where('identifier', '=', 'com.aurora.compressor')
      .executeTakeFirstOrThrow();
    const productHistory = (
      await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/audit-events?object_type=product&object_id=${product.id}`,
        headers,
      })
    ).json();
    expect(productHistory.data).toHaveLength(1);
    expect(productHistory.data[0]).toMatchObject({
      action: 'product.update',
      actor: { type: 'user', email: staff.email },
    });
    expect(productHistory.data[0].changes.map((change: { summary: string }) => change.summary)).toEqual([
      'Tagline: Aurora Compressor: made by Aurora Audio → Glue for your mix: the compressor of Aurora Audio',
    ]);
    const cancelled = (
      await suite.t.app.inject({
        method: 'GET',
        url: '/api/v1/audit-events?object_type=license&action=license.disable',
        headers,
      })
    ).json();
    // The staff member's cancellation, and the licence of the demo's refunded order (seed/orders.ts).
    expect(cancelled.data).toHaveLength(2);
    for (const event of cancelled.data)
      expect(event.changes.map((change: { summary: string }) => change.summary)).toContain(
        'Deactivated: no → yes (reason CancelledOrder)',
      );
    expect(cancelled.data.map((event: { actor: { type: string } }) => event.actor.type).sort()).toEqual([
      'api_key',
      'user',
    ]);
  });
});
