import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { auditActions, insertTestBuild, insertTestProduct, sha256Hex } from './catalog-fixtures';

describe('catalog API: builds, build files, ingestion and downloads', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let productId: number;
  let otherProductId: number;
  let otherTenantProductId: number;
  let otherTenantBuildId: number;

  const installer = Buffer.from('installer bytes '.repeat(5000));
  const readme = Buffer.from('Read me, please.\n');
  const unicodeName = 'Notes – ü "final".txt';
  const notes = Buffer.from('notes');

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    productId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Reverb' })).id;
    otherProductId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Delay' })).id;
    otherTenantProductId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerB.id, { name: 'Theirs' }))
      .id;
    otherTenantBuildId = (await insertTestBuild(t.db, tenants.manufacturerB.id, otherTenantProductId, { os: 'any' }))
      .id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (url: string, token: string, body: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: { ...auth(token), 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });
  const declare = (name: string, data: Buffer) => ({ name, size: data.length, sha256: sha256Hex(data) });
  const createBuild = (payload: object, token = tenants.staffAToken, product = productId) =>
    post(`/api/v1/products/${product}/builds`, token, {
      os: 'macOS',
      major: 1,
      minor: 2,
      revision: 3,
      build_number: 42,
      files: [declare('Reverb.pkg', installer)],
      ...payload,
    });

  describe('the ingestion flow: create, upload each file, confirm', () => {
    let buildId: number;
    const filesUrl = () => `/api/v1/clients/app/products/${productId}/builds/${buildId}/files`;
    const fileUrl = (name: string) =>
      `/api/v1/products/${productId}/builds/${buildId}/files/${encodeURIComponent(name)}`;

    it('creates a build with its declared files, not yet confirmed, and audits it', async () => {
      const response = await createBuild({
        files: [declare('Reverb.pkg', installer), declare('README.txt', readme), declare(unicodeName, notes)],
      });
      expect(response.statusCode).toBe(201);
      const build = response.json();
      buildId = build.id;
      expect(build).toMatchObject({
        product_id: productId,
        os: 'macOS',
        major: 1,
        minor: 2,
        revision: 3,
        build_number: 42,
        upload_confirmed: false,
      });
      expect(build.files).toEqual([
        { name: 'Reverb.pkg', size: installer.length, sha256: sha256Hex(installer), url: null },
        { name: 'README.txt', size: readme.length, sha256: sha256Hex(readme), url: null },
        { name: unicodeName, size: notes.length, sha256: sha256Hex(notes), url: null },
      ]);
      expect(await auditActions(t.db, 'build')).toEqual(['build.create']);
    });

    it('refuses to confirm while files are missing, naming them', async () => {
      const response = await post(`/api/v1/products/${productId}/builds/${buildId}/confirm`, tenants.staffAToken);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: [
          `The upload is incomplete: 'Reverb.pkg', 'README.txt', '${unicodeName}' have not arrived intact yet.`,
        ],
      });
    });

    it('rejects a file whose bytes are not the declared ones and keeps nothing', async () => {
      const files = await tableDigest(t.db, 'build_files');
      const tampered = Buffer.from(installer);
      tampered[10] ^= 1;
      const wrongHash = await upload(fileUrl('Reverb.pkg'), tenants.staffAToken, tampered);
      expect(wrongHash.statusCode).toBe(400);
      expect(wrongHash.json().message[0]).toBe(
        `'Reverb.pkg' did not arrive intact: its SHA-256 is ${sha256Hex(tampered)}, but ${sha256Hex(installer)} was declared.`,
      );
      const wrongSize = await upload(fileUrl('Reverb.pkg'), tenants.staffAToken, installer.subarray(1));
      expect(wrongSize.statusCode).toBe(400);
      expect(wrongSize.json().message[0]).toBe(
        `'Reverb.pkg' did not arrive intact: the upload is ${installer.length - 1} bytes, but ${installer.length} were declared.`,
      );
      expect(await tableDigest(t.db, 'build_files')).toBe(files);
      expect((await get(filesUrl(), auth(tenants.staffAToken))).json()[0].url).toBeNull();
    });

    it('rejects uploads of undeclared files, other content types and cookie-only sessions', async () => {
      const undeclared = await upload(fileUrl('Other.pkg'), tenants.staffAToken, readme);
      expect(undeclared.statusCode).toBe(404);
      expect(undeclared.json()).toEqual({
        message: [`'Other.pkg' is not a file of build ${buildId}: declare every file when creating the build.`],
      });
      const json = await t.app.inject({
        method: 'PUT',
        url: fileUrl('README.txt'),
        headers: auth(tenants.staffAToken),
        payload: { a: 1 },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({
        message: ["Send the file's bytes as the request body with Content-Type: application/octet-stream."],
      });
      const cookieOnly = await t.app.inject({
        method: 'PUT',
        url: fileUrl('README.txt'),
        headers: { 'content-type': 'application/octet-stream', cookie: `authorization=${tenants.staffAToken}` },
        payload: readme,
      });
      expect(cookieOnly.statusCode).toBe(401);
      expect((await upload(fileUrl('.hidden'), tenants.staffAToken, readme)).statusCode).toBe(400);
    });

    it('stores each intact file, gives it a download url and audits the upload', async () => {
      for (const [name, data] of [
        ['Reverb.pkg', installer],
        ['README.txt', readme],
        [unicodeName, notes],
      ] as const) {
        const response = await upload(fileUrl(name), tenants.staffAToken, data);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ name, size: data.length, sha256: sha256Hex(data), url: fileUrl(name) });
      }
      expect(await auditActions(t.db, 'build_file')).toEqual([
        'build_file.upload',
        'build_file.upload',
        'build_file.upload',
      ]);
    });

    it('confirms the upload once every file arrived intact, and says so again when asked twice', async () => {
      const response = await post(`/api/v1/products/${productId}/builds/${buildId}/confirm`, tenants.staffAToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: buildId, upload_confirmed: true });
      expect(response.json().files.every((file: { url: string | null }) => file.url !== null)).toBe(true);
      expect(
        (await post(`/api/v1/products/${productId}/builds/${buildId}/confirm`, tenants.staffAToken)).statusCode,
      ).toBe(200);
      expect(await auditActions(t.db, 'build')).toEqual(['build.create', 'build.confirm']);
    });

    it('accepts an empty file declared as 0 bytes', async () => {
      const empty = (await createBuild({ build_number: 44, files: [declare('empty.txt', Buffer.alloc(0))] })).json();
      const url = `/api/v1/products/${productId}/builds/${empty.id}/files/empty.txt`;
      const response = await upload(url, tenants.staffAToken, Buffer.alloc(0));
      expect(response.statusCode).toBe(200);
      expect(response.json().url).toBe(url);
    });

    it('streams files larger than the JSON body limit', async () => {
      const large = Buffer.alloc(3 * 1024 * 1024 + 17, 0x5a);
      const build = (await createBuild({ build_number: 45, files: [declare('Large.pkg', large)] })).json();
      const url = `/api/v1/products/${productId}/builds/${build.id}/files/Large.pkg`;
      const response = await upload(url, tenants.staffAToken, large);
      expect(response.statusCode).toBe(200);
      const download = await get(url, auth(tenants.staffAToken));
      expect(download.rawPayload.length).toBe(large.length);
      expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(large));
    });

    it('freezes the files of a confirmed build', async () => {
      const response = await upload(fileUrl('README.txt'), tenants.staffAToken, readme);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: [`Build ${buildId} is confirmed: its files can no longer change.`] });
    });

    it('lists the files with name, size, sha256 and url', async () => {
      const response = await get(filesUrl(), auth(tenants.staffAToken));
      expect(response.statusCode).toBe(200);
      expect(response.json().map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
        ['Reverb.pkg', installer.length],
        ['README.txt', readme.length],
        [unicodeName, notes.length],
      ]);
    });

    it('downloads a file as an attachment with the session header, or the authorization cookie on GET', async () => {
      const byHeader = await get(fileUrl('Reverb.pkg'), auth(tenants.staffAToken));
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.headers['content-type']).toBe('application/octet-stream');
      expect(byHeader.headers['content-disposition']).toBe(
        `attachment; filename="Reverb.pkg"; filename*=UTF-8''Reverb.pkg`,
      );
      expect(Number(byHeader.headers['content-length'])).toBe(installer.length);
      expect(sha256Hex(byHeader.rawPayload)).toBe(sha256Hex(installer));

      const byCookie = await get(fileUrl(unicodeName), { cookie: `authorization=MSession%20${tenants.staffAToken}` });
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.rawPayload.equals(notes)).toBe(true);
      expect(byCookie.headers['content-disposition']).toBe(
        `attachment; filename="Notes _ _ _final_.txt"; filename*=UTF-8''Notes%20%E2%80%93%20%C3%BC%20%22final%22.txt`,
      );
    });

    it('does not serve files without a session, of another manufacturer, or not uploaded', async () => {
      expect((await get(fileUrl('Reverb.pkg'))).statusCode).toBe(401);
      expect((await get(fileUrl('Reverb.pkg'), auth(tenants.staffBToken))).statusCode).toBe(404);
      expect((await get(filesUrl(), auth(tenants.staffBToken))).statusCode).toBe(404);
      const pending = (await createBuild({ build_number: 43, files: [declare('Pending.pkg', readme)] })).json();
      const response = await get(
        `/api/v1/products/${productId}/builds/${pending.id}/files/Pending.pkg`,
        auth(tenants.staffAToken),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Build file not found'] });
      // The build exists, but under another product of the same manufacturer.
      expect(
        (await get(`/api/v1/products/${otherProductId}/builds/${buildId}/files/Reverb.pkg`, auth(tenants.staffAToken)))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('creating builds', () => {
    it('refuses a second build of the same os, version and build number (409) and changes nothing', async () => {
      await createBuild({ os: 'Windows', build_number: 7 });
      const before = await tableDigest(t.db, 'builds');
      const response = await createBuild({ os: 'Windows', build_number: 7 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: ['A Windows build 1.2.3 (build number 7) already exists for this product.'],
      });
      expect(await tableDigest(t.db, 'builds')).toBe(before);
      expect(
        (await createBuild({ os: 'Windows', build_number: 7 }, tenants.staffAToken, otherProductId)).statusCode,
      ).toBe(201);
    });

    it('rejects bad declarations with a clear 400 and changes nothing', async () => {
      const builds = await tableDigest(t.db, 'builds');
      const files = await tableDigest(t.db, 'build_files');
      const cases: [object, RegExp][] = [
        [{ os: 'Linux' }, /^os /],
        [{ major: -1 }, /^major /],
        [{ build_number: 'x' }, /^build_number /],
        [{ files: [] }, /^files /],
        [{ files: undefined }, /files is required/],
        [{ files: [{ name: 'a/b.pkg', size: 1, sha256: sha256Hex('a') }] }, /^files\.0\.name /],
        [{ files: [{ name: '.env', size: 1, sha256: sha256Hex('a') }] }, /^files\.0\.name /],
        [{ files: [{ name: 'a.pkg', size: -1, sha256: sha256Hex('a') }] }, /^files\.0\.size /],
        [{ files: [{ name: 'a.pkg', size: 1, sha256: 'abc' }] }, /^files\.0\.sha256 /],
        [
          { files: [declare('a.pkg', readme), declare('a.pkg', installer)] },
          /^Each file of a build needs its own name: 'a\.pkg' appears more than once\.$/,
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await createBuild({ build_number: 900, ...payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(message);
      }
      expect(await tableDigest(t.db, 'builds')).toBe(builds);
      expect(await tableDigest(t.db, 'build_files')).toBe(files);
    });

    it("answers 404 for another manufacturer's product, and 403 for the superuser", async () => {
      const before = await tableDigest(t.db, 'builds');
      const response = await createBuild({}, tenants.staffAToken, otherTenantProductId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Product not found'] });
      expect((await createBuild({}, tenants.superToken)).statusCode).toBe(403);
      expect(await tableDigest(t.db, 'builds')).toBe(before);
    });
  });

  describe('reading builds', () => {
    it("lists a product's builds newest first, paged", async () => {
      const response = await get(`/api/v1/products/${productId}/builds?page=1&per_page=2`, auth(tenants.staffAToken));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data).toHaveLength(2);
      expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        product_id: productId,
        os: expect.any(String),
        major: 1,
        minor: 2,
        revision: 3,
        build_number: expect.any(Number),
        upload_confirmed: expect.any(Boolean),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(body.pagination.records.total).toBe(5);
    });

    it('gets one build, and answers 404 across products and manufacturers', async () => {
      const list = (await get(`/api/v1/products/${productId}/builds`, auth(tenants.staffAToken))).json();
      const buildId = list.data[0].id;
      expect((await get(`/api/v1/products/${productId}/builds/${buildId}`, auth(tenants.staffAToken))).json().id).toBe(
        buildId,
      );
      const wrongProduct = await get(`/api/v1/products/${otherProductId}/builds/${buildId}`, auth(tenants.staffAToken));
      expect(wrongProduct.statusCode).toBe(404);
      expect(wrongProduct.json()).toEqual({ message: ['Build not found'] });
      const otherTenant = await get(
        `/api/v1/products/${otherTenantProductId}/builds/${otherTenantBuildId}`,
        auth(tenants.staffAToken),
      );
      expect(otherTenant.json()).toEqual({ message: ['Product not found'] });
      expect((await get(`/api/v1/products/${otherTenantProductId}/builds`, auth(tenants.staffAToken))).statusCode).toBe(
        404,
      );
      expect((await get(`/api/v1/products/${productId}/builds`)).statusCode).toBe(401);
      expect((await get(`/api/v1/products/${productId}/builds`, auth(tenants.superToken))).statusCode).toBe(403);
      expect((await get(`/api/v1/products/${productId}/builds?per_page=0`, auth(tenants.staffAToken))).statusCode).toBe(
        400,
      );
    });
  });
});
