import type { Trial } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { auditRows, createLicensingWorld, createTrial, type LicensingWorld } from './licensing-fixtures';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

describe('trials API', () => {
  let t: TestApp;
  let w: LicensingWorld;
  let trials: Awaited<ReturnType<typeof createTrial>>[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    trials = [];
    for (const fingerprint of ['MAC-0001', 'MAC-0002', 'WIN-0001', 'WIN_50%'])
      trials.push(await createTrial(t.db, w.manufacturerA.id, w.synth.id, fingerprint));
    await createTrial(t.db, w.manufacturerA.id, w.drums.id, 'MAC-0001');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'DELETE', url: string, token: string | null = w.staffAToken) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: token ? auth(token) : {} });
  const fingerprints = async (query = '') =>
    (await call('GET', `/products/${w.synth.id}/trials${query}`))
      .json()
      .data.map((trial: Trial) => trial.hardware_fingerprint);

  describe('GET /products/{id}/trials', () => {
    it("lists the product's trials in the paged shape", async () => {
      const response = await call('GET', `/products/${w.synth.id}/trials?page=2&per_page=3`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [{ id: trials[3].id, hardware_fingerprint: 'WIN_50%', created_at: trials[3].created_at.toISOString() }],
        pagination: { records: { total: 4, per_page: 3 }, pages: { current: 2, previous: 1, next: null, last: 2 } },
      });
    });

    it('searches by fingerprint, case-insensitively, taking % and _ literally', async () => {
      expect(await fingerprints('?hardware_fingerprint=mac')).toEqual(['MAC-0001', 'MAC-0002']);
      expect(await fingerprints('?hardware_fingerprint=0001')).toEqual(['MAC-0001', 'WIN-0001']);
      expect(await fingerprints('?hardware_fingerprint=%25')).toEqual(['WIN_50%']);
      expect(await fingerprints('?hardware_fingerprint=_')).toEqual(['WIN_50%']);
      expect(await fingerprints('?hardware_fingerprint=LINUX')).toEqual([]);
    });

    it("answers 404 for another manufacturer's product and validates the query", async () => {
      const response = await call('GET', `/products/${w.betaProduct.id}/trials`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Product not found'] });
      expect((await call('GET', `/products/${w.synth.id}/trials?per_page=0`)).statusCode).toBe(400);
      expect((await call('GET', '/products/x/trials')).statusCode).toBe(400);
      expect(
        (await call('GET', `/products/${w.synth.id}/trials?hardware_fingerprint=${'x'.repeat(513)}`)).statusCode,
      ).toBe(400);
    });

    it('needs a session and manufacturer staff', async () => {
      expect((await call('GET', `/products/${w.synth.id}/trials`, null)).statusCode).toBe(401);
      expect((await call('GET', `/products/${w.synth.id}/trials`, w.superToken)).statusCode).toBe(403);
    });
  });

  describe('DELETE /products/{id}/trials/{trialId}', () => {
    it('deletes the trial and audits what it was', async () => {
      const response = await call('DELETE', `/products/${w.synth.id}/trials/${trials[1].id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await fingerprints()).toEqual(['MAC-0001', 'WIN-0001', 'WIN_50%']);
      const [audit] = await auditRows(t.db, 'trial', trials[1].id);
      expect(audit).toMatchObject({
        action: 'trial.delete',
        manufacturer_id: w.manufacturerA.id,
        before: expect.objectContaining({ hardware_fingerprint: 'MAC-0002', product_id: w.synth.id }),
        after: null,
      });
    });

    it.each([
      ['an already deleted trial', () => `/products/${w.synth.id}/trials/${trials[1].id}`],
      ["another product's trial", () => `/products/${w.drums.id}/trials/${trials[0].id}`],
      ["another manufacturer's trial", () => `/products/${w.betaProduct.id}/trials/${w.betaTrial.id}`],
      ["another manufacturer's trial under our product", () => `/products/${w.synth.id}/trials/${w.betaTrial.id}`],
    ])('answers 404 for %s and deletes nothing', async (_label, url) => {
      const before = await Promise.all([tableDigest(t.db, 'trials'), tableDigest(t.db, 'audit_log')]);
      const response = await call('DELETE', url());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Trial not found'] });
      expect(await Promise.all([tableDigest(t.db, 'trials'), tableDigest(t.db, 'audit_log')])).toEqual(before);
    });

    it('needs a session and manufacturer staff, and validates ids', async () => {
      const before = await tableDigest(t.db, 'trials');
      expect((await call('DELETE', `/products/${w.synth.id}/trials/${trials[0].id}`, null)).statusCode).toBe(401);
      expect((await call('DELETE', `/products/${w.synth.id}/trials/${trials[0].id}`, w.superToken)).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/products/${w.synth.id}/trials/${trials[0].id}`, w.staffBToken)).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/products/${w.synth.id}/trials/abc`)).statusCode).toBe(400);
      expect(await tableDigest(t.db, 'trials')).toBe(before);
    });
  });
});
