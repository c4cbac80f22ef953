import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { auditActions, insertTestProduct } from './catalog-fixtures';
import { decryptProductPrivateKey } from '../src/crypto/product-keys';

describe('catalog API: products', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let engineId: number;
  let otherTenantPluginId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    const a = tenants.manufacturerA.id;
    engineId = (
      await insertTestProduct(t.db, t.masterKey, a, {
        name: 'Synth Engine',
        type: 'PluginOnly',
        identifier: 'com.alpha.synth-engine',
      })
    ).id;
    await insertTestProduct(t.db, t.masterKey, a, { name: 'Reverb', type: 'Full', identifier: 'com.alpha.reverb' });
    await insertTestProduct(t.db, t.masterKey, a, {
      name: 'Keys',
      type: 'ContentOnly',
      identifier: 'com.alpha.keys',
      dependency_id: engineId,
    });
    await insertTestProduct(t.db, t.masterKey, a, { name: 'Percent', type: 'Full', identifier: 'com.alpha.100%_sure' });
    otherTenantPluginId = (
      await insertTestProduct(t.db, t.masterKey, tenants.manufacturerB.id, {
        name: 'Beta Engine',
        type: 'PluginOnly',
        identifier: 'com.alpha.not-yours',
      })
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  const send = (method: 'POST' | 'PATCH', url: string, token: string, payload: unknown) =>
    t.app.inject({ method, url, headers: auth(token), payload: payload as object });
  const identifiers = (response: { json: () => { data: { identifier: string }[] } }) =>
    response.json().data.map((p) => p.identifier);

  describe('GET /products', () => {
    it("lists only the manufacturer's products, in the paged shape", async () => {
      const response = await get('/api/v1/products?page=1&per_page=2', tenants.staffAToken);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toMatchObject({
        id: engineId,
        name: 'Synth Engine',
        type: 'PluginOnly',
        manufacturer_id: tenants.manufacturerA.id,
      });
      expect(body.data[0]).not.toHaveProperty('private_key_encrypted');
      expect(body.pagination).toEqual({
        records: { total: 4, per_page: 2 },
        pages: { current: 1, previous: null, next: 2, last: 2 },
      });
    });

    it('searches identifiers by prefix or anywhere inside, case-insensitively, with % and _ taken literally', async () => {
      expect(identifiers(await get('/api/v1/products?identifier=COM.ALPHA.RE', tenants.staffAToken))).toEqual([
        'com.alpha.reverb',
      ]);
      expect(identifiers(await get('/api/v1/products?identifier=keys', tenants.staffAToken))).toEqual([
        'com.alpha.keys',
      ]);
      expect(identifiers(await get('/api/v1/products?identifier=100%25_', tenants.staffAToken))).toEqual([
        'com.alpha.100%_sure',
      ]);
      expect(identifiers(await get('/api/v1/products?identifier=not-yours', tenants.staffAToken))).toEqual([]);
      expect(identifiers(await get('/api/v1/products?identifier=%20%20', tenants.staffAToken))).toHaveLength(4);
    });

    it('filters by type (the dependency picker) and combines it with the search', async () => {
      expect(
        identifiers(await get('/api/v1/products?type=PluginOnly&page=1&per_page=100', tenants.staffAToken)),
      ).toEqual(['com.alpha.synth-engine']);
      expect(identifiers(await get('/api/v1/products?type=Full&identifier=reverb', tenants.staffAToken))).toEqual([
        'com.alpha.reverb',
      ]);
    });

    it('pages a filtered list in id order, each page only its own matches, the total counting them all', async () => {
      const page = async (n: number) =>
        (await get(`/api/v1/products?type=Full&page=${n}&per_page=1`, tenants.staffAToken)).json();
      const [first, second] = [await page(1), await page(2)];
      expect([...first.data, ...second.data].map((p: { identifier: string }) => p.identifier)).toEqual([
        'com.alpha.reverb',
        'com.alpha.100%_sure',
      ]);
      expect(second.pagination).toEqual({
        records: { total: 2, per_page: 1 },
        pages: { current: 2, previous: 1, next: null, last: 2 },
      });
      expect((await page(3)).data).toEqual([]);
      expect(
        identifiers(await get('/api/v1/products?identifier=alpha&page=2&per_page=3', tenants.staffAToken)),
      ).toEqual(['com.alpha.100%_sure']);
    });

    it('rejects a bad query with 400', async () => {
      for (const query of ['type=Plugin', 'page=0', 'per_page=251', 'per_page=abc', `identifier=${'x'.repeat(201)}`]) {
        const response = await get(`/api/v1/products?${query}`, tenants.staffAToken);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toEqual(expect.any(String));
      }
    });

    it('needs a manufacturer session: 401 without one, 403 for the superuser', async () => {
      expect((await get('/api/v1/products')).statusCode).toBe(401);
      const superuser = await get('/api/v1/products', tenants.superToken);
      expect(superuser.statusCode).toBe(403);
      expect(superuser.json()).toEqual({ message: ['Access denied. This action is for manufacturer users.'] });
    });
  });

  describe('GET /products/{id}', () => {
    it('answers the product with its public key', async () => {
      const response = await get(`/api/v1/products/${engineId}`, tenants.staffAToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: engineId,
        identifier: 'com.alpha.synth-engine',
        public_key: expect.any(String),
      });
    });

    it("answers 404 for another manufacturer's product exactly like a missing one", async () => {
      const other = await get(`/api/v1/products/${otherTenantPluginId}`, tenants.staffAToken);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: ['Product not found'] });
      expect((await get('/api/v1/products/999999', tenants.staffAToken)).json()).toEqual(other.json());
      expect((await get('/api/v1/products/0', tenants.staffAToken)).statusCode).toBe(400);
    });
  });

  describe('POST /products', () => {
    it('creates a product with the defaults, a fresh Ed25519 key pair and an audit entry', async () => {
      const response = await send('POST', '/api/v1/products', tenants.staffAToken, {
        type: 'Full',
        name: ' Delay ',
        plugin_name: 'Delay',
      });
      expect(response.statusCode).toBe(201);
      const product = response.json();
      expect(product).toMatchObject({
        name: 'Delay',
        type: 'Full',
        plugin_name: 'Delay',
        manufacturer_id: tenants.manufacturerA.id,
        trial_days: 0,
        app_sort_order: 1,
        app_sort_order_featured: 1,
        app_featured: false,
        deprecated: false,
        identifier: null,
        dependency_id: null,
      });
      expect(product).not.toHaveProperty('private_key_encrypted');
      expect(Buffer.from(product.public_key, 'base64')).toHaveLength(32);
      const stored = await t.db
        .selectFrom('products')
        .select(['private_key_encrypted', 'public_key'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(stored.private_key_encrypted).toMatch(/^v1\./);
      const privateKey = decryptProductPrivateKey(stored.private_key_encrypted, t.masterKey);
      const publicOfPrivate = Buffer.from(privateKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
        'base64',
      );
      expect(publicOfPrivate).toBe(stored.public_key);
      expect(await auditActions(t.db, 'product')).toContain('product.create');
    });

    it('stores every field and applies the type rules: dependency only for ContentOnly, content folder only for PluginOnly', async () => {
      const full = await send('POST', '/api/v1/products', tenants.staffAToken, {
        type: 'Full',
        name: 'Chorus',
        plugin_name: 'ChorusPlugin',
        identifier: 'com.alpha.chorus',
        dependency_id: engineId,
        content_base_directory: 'Chorus/Content',
        trial_days: 30,
        series: 'Studio',
        tagline: 'Wide',
        page: 'https://alpha.example/chorus',
        app_image: 'https://alpha.example/chorus.png',
        plugin_browser_logo: 'https://alpha.example/logo.png',
        plugin_browser_moodshot: 'https://alpha.example/mood.png',
        app_featured: true,
        app_sort_order: 3,
        app_sort_order_featured: 2,
      });
      expect(full.statusCode).toBe(201);
      expect(full.json()).toMatchObject({
        dependency_id: null,
        content_base_directory: null,
        trial_days: 30,
        series: 'Studio',
        app_featured: true,
        app_sort_order: 3,
        app_sort_order_featured: 2,
      });

      const plugin = await send('POST', '/api/v1/products', tenants.staffAToken, {
        type: 'PluginOnly',
        name: 'Drums',
        plugin_name: 'Drums',
        content_base_directory: ' Drums/Content ',
      });
      expect(plugin.json()).toMatchObject({ content_base_directory: 'Drums/Content' });

      const content = await send('POST', '/api/v1/products', tenants.staffAToken, {
        type: 'ContentOnly',
        name: 'Kit',
        plugin_name: 'Kit',
        dependency_id: plugin.json().id,
        series: '',
      });
      expect(content.statusCode).toBe(201);
      expect(content.json()).toMatchObject({ dependency_id: plugin.json().id, series: null });
    });

    it('needs a PluginOnly dependency of the same manufacturer for a ContentOnly product, and changes nothing otherwise', async () => {
      const before = await tableDigest(t.db, 'products');
      const cases: [unknown, string][] = [
        [{ type: 'ContentOnly', name: 'A', plugin_name: 'A' }, 'Dependency is required for a ContentOnly product.'],
        [
          { type: 'ContentOnly', name: 'A', plugin_name: 'A', dependency_id: null },
          'Dependency is required for a ContentOnly product.',
        ],
        [
          { type: 'ContentOnly', name: 'A', plugin_name: 'A', dependency_id: otherTenantPluginId },
          'Dependency must be a PluginOnly product of your manufacturer.',
        ],
        [
          { type: 'ContentOnly', name: 'A', plugin_name: 'A', dependency_id: 999999 },
          'Dependency must be a PluginOnly product of your manufacturer.',
        ],
      ];
      const reverb = (await get('/api/v1/products?identifier=reverb', tenants.staffAToken)).json().data[0];
      cases.push([
        { type: 'ContentOnly', name: 'A', plugin_name: 'A', dependency_id: reverb.id },
        'Dependency must be a PluginOnly product of your manufacturer.',
      ]);
      for (const [payload, message] of cases) {
        const response = await send('POST', '/api/v1/products', tenants.staffAToken, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: [message] });
      }
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });

    it('refuses an identifier the manufacturer already uses (whatever its case) with 409, but another manufacturer may use it', async () => {
      const before = await tableDigest(t.db, 'products');
      const createFull = (token: string, name: string, identifier: string) =>
        send('POST', '/api/v1/products', token, { type: 'Full', name, plugin_name: name, identifier });
      const response = await createFull(tenants.staffAToken, 'Copy', ' COM.ALPHA.REVERB ');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: ["A product with the identifier 'COM.ALPHA.REVERB' already exists."],
      });
      expect(await tableDigest(t.db, 'products')).toBe(before);
      const elsewhere = await createFull(tenants.staffBToken, 'Reverb', 'com.alpha.reverb');
      expect(elsewhere.statusCode).toBe(201);
    });

    it('rejects invalid bodies with a field-first 400 and changes nothing', async () => {
      const before = await tableDigest(t.db, 'products');
      const valid = { type: 'Full', name: 'Valid', plugin_name: 'Valid' };
      const cases: [unknown, RegExp][] = [
        [{ name: 'A', plugin_name: 'A' }, /type is required/],
        [{ type: 'Full', plugin_name: 'A' }, /name is required/],
        [{ type: 'Full', name: 'A' }, /plugin_name is required/],
        [{ ...valid, name: '   ' }, /^name /],
        [{ ...valid, type: 'Bundle' }, /^type /],
        [{ ...valid, trial_days: -1 }, /^trial_days /],
        [{ ...valid, trial_days: 'ten' }, /^trial_days /],
        [{ ...valid, trial_days: 1.5 }, /^trial_days /],
        [{ ...valid, app_sort_order: 'first' }, /^app_sort_order /],
        [{ ...valid, identifier: 'x'.repeat(201) }, /^identifier /],
        [{ ...valid, dependency_id: 'abc' }, /^dependency_id /],
      ];
      for (const [payload, message] of cases) {
        const response = await send('POST', '/api/v1/products', tenants.staffAToken, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(message);
      }
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });

    it('strips fields the client may not set', async () => {
      const response = await send('POST', '/api/v1/products', tenants.staffAToken, {
        type: 'Full',
        name: 'Sneaky',
        plugin_name: 'Sneaky',
        manufacturer_id: tenants.manufacturerB.id,
        public_key: 'mine',
        private_key_encrypted: 'mine',
        deprecated: true,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ manufacturer_id: tenants.manufacturerA.id, deprecated: false });
      expect(response.json().public_key).not.toBe('mine');
    });

    it('is for manufacturer staff only', async () => {
      const before = await tableDigest(t.db, 'products');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/products',
            payload: { type: 'Full', name: 'A', plugin_name: 'A' },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await send('POST', '/api/v1/products', tenants.superToken, { type: 'Full', name: 'A', plugin_name: 'A' }))
          .statusCode,
      ).toBe(403);
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });
  });

  describe('PATCH /products/{id}', () => {
    const create = async (payload: object) =>
      (
        await send('POST', '/api/v1/products', tenants.staffAToken, { type: 'Full', plugin_name: 'P', ...payload })
      ).json();

    it('saves every field the console sends, ignores read-only ones and audits before and after', async () => {
      const product = await create({ name: 'Flanger', identifier: 'com.alpha.flanger' });
      const response = await send('PATCH', `/api/v1/products/${product.id}`, tenants.staffAToken, {
        ...product,
        name: 'Flanger II',
        public_key: 'tampered',
        manufacturer_id: tenants.manufacturerB.id,
        deprecated: true,
        upgrade_id: 'flanger-2',
        tagline: '',
        trial_days: 7,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: product.id,
        name: 'Flanger II',
        deprecated: true,
        upgrade_id: 'flanger-2',
        tagline: null,
        trial_days: 7,
        public_key: product.public_key,
        manufacturer_id: tenants.manufacturerA.id,
      });
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'product.update')
        .where('entity_id', '=', String(product.id))
        .executeTakeFirstOrThrow();
      expect(audit.manufacturer_id).toBe(tenants.manufacturerA.id);
      expect(audit.before).toMatchObject({ name: 'Flanger', deprecated: false });
      expect(audit.after).toMatchObject({ name: 'Flanger II', deprecated: true });
      expect(JSON.stringify(audit)).not.toContain('private_key');
    });

    it('clears the dependency and the content folder when the type no longer allows them', async () => {
      const plugin = await create({ name: 'Looper', type: 'PluginOnly', content_base_directory: 'Looper/Content' });
      const toFull = await send('PATCH', `/api/v1/products/${plugin.id}`, tenants.staffAToken, { type: 'Full' });
      expect(toFull.json()).toMatchObject({ type: 'Full', content_base_directory: null });
      const content = await create({ name: 'Loops', type: 'ContentOnly', dependency_id: engineId });
      const contentToFull = await send('PATCH', `/api/v1/products/${content.id}`, tenants.staffAToken, {
        type: 'Full',
      });
      expect(contentToFull.json()).toMatchObject({ type: 'Full', dependency_id: null });
      const backToContent = await send('PATCH', `/api/v1/products/${content.id}`, tenants.staffAToken, {
        type: 'ContentOnly',
      });
      expect(backToContent.statusCode).toBe(400);
      expect(backToContent.json()).toEqual({ message: ['Dependency is required for a ContentOnly product.'] });
    });

    it('refuses a product as its own dependency', async () => {
      const plugin = await create({ name: 'Granular', type: 'PluginOnly' });
      const before = await tableDigest(t.db, 'products');
      const response = await send('PATCH', `/api/v1/products/${plugin.id}`, tenants.staffAToken, {
        type: 'ContentOnly',
        dependency_id: plugin.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ['A product cannot be its own dependency.'] });
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });

    it('keeps a PluginOnly product that others depend on from changing type (409)', async () => {
      const before = await tableDigest(t.db, 'products');
      const response = await send('PATCH', `/api/v1/products/${engineId}`, tenants.staffAToken, { type: 'Full' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message[0]).toMatch(
        /ContentOnly products? depends? on this product, so its type must stay PluginOnly\./,
      );
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });

    it('refuses an identifier taken by another product, but accepts the product keeping its own', async () => {
      const product = await create({ name: 'Phaser', identifier: 'com.alpha.phaser' });
      expect(
        (await send('PATCH', `/api/v1/products/${product.id}`, tenants.staffAToken, { identifier: 'COM.alpha.phaser' }))
          .statusCode,
      ).toBe(200);
      const taken = await send('PATCH', `/api/v1/products/${product.id}`, tenants.staffAToken, {
        identifier: 'com.alpha.reverb',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: ["A product with the identifier 'com.alpha.reverb' already exists."] });
    });

    it("answers 404 for another manufacturer's product and changes nothing", async () => {
      const before = await tableDigest(t.db, 'products');
      const response = await send('PATCH', `/api/v1/products/${otherTenantPluginId}`, tenants.staffAToken, {
        name: 'Hijacked',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Product not found'] });
      expect((await send('PATCH', `/api/v1/products/${engineId}`, tenants.staffAToken, { name: '' })).statusCode).toBe(
        400,
      );
      expect((await send('PATCH', `/api/v1/products/${engineId}`, tenants.superToken, { name: 'X' })).statusCode).toBe(
        403,
      );
      expect(await tableDigest(t.db, 'products')).toBe(before);
    });
  });
});
