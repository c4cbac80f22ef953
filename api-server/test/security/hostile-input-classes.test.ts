import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HARDWARE_FINGERPRINT_VERSION } from 'shared-kit/contract';
import { appForSuite, createTestApp, type TestApp } from '../support/test-app';
import { BODY_NOT_UTF8 } from '../../src/plugins/utf8-bodies';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { authorizationOf, buildWorld, databaseDigest, ROLES } from './matrix-world';

// One test per class of hostile input that once got through: each answered 500, a framework's own JSON, or stored altered data.

type Who = 'superuser' | 'staffA';
interface Case {
  who: Who;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  /** Sent as it is: JSON.stringify keeps a lone surrogate as its \ud800 escape. */
  body?: unknown;
  message: string;
}

const FRAMEWORK_NAMES = /FST_|fastify/i;

describe('hostile input classes', () => {
  const suite = appForSuite(buildWorld);

  const tokenOf = (who: Who | 'anonymous') =>
    who === 'anonymous' ? {} : { authorization: `MSession ${suite.world.tokens[who]}` };

  async function expectRefused(testCase: Case | (Omit<Case, 'who'> & { who: 'anonymous' })) {
    const before = await databaseDigest(suite.t);
    const response = await suite.t.app.inject({
      method: testCase.method,
      url: testCase.url,
      headers: {
        ...tokenOf(testCase.who),
        ...(testCase.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: testCase.body === undefined ? undefined : JSON.stringify(testCase.body),
    });
    expect({ url: testCase.url, status: response.statusCode, body: response.json() }).toEqual({
      url: testCase.url,
      status: 400,
      body: { message: expect.arrayContaining([testCase.message]) },
    });
    expect(response.json().message[0]).toBe(testCase.message);
    expect(await databaseDigest(suite.t)).toBe(before);
  }

  /** Builds cases whose `field` holds text the server refuses, each refused with `message(field)`. */
  const refusedField =
    (message: (field: string) => string) =>
    (field: string, who: Who, method: Case['method'], url: string, body?: unknown): Case => ({
      who,
      method,
      url,
      body,
      message: message(field),
    });
  const nulIn = refusedField((field) => `${field} must not contain a NUL character`);
  const surrogateIn = refusedField(
    (field) => `${field} must be well-formed Unicode text (it holds a lone UTF-16 surrogate)`,
  );

  const product = () => ({ type: 'Full', name: 'Probe', plugin_name: 'Probe' });
  const activation = (fingerprint: string) => ({
    hardware_fingerprint: fingerprint,
    hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
    signature_seed_version: 5,
  });

  it('1: refuses NUL in any body, query or path string with a 400 naming the field', async () => {
    await expectRefused({
      who: 'anonymous',
      method: 'POST',
      url: '/api/v1/systemusers/login',
      body: { email: '\u0000', password: 'x' },
      message: 'email must not contain a NUL character',
    });
    const cases: Case[] = [
      nulIn('email', 'staffA', 'GET', '/api/v1/users?email=%00'),
      nulIn('email', 'staffA', 'GET', `/api/v1/products/${suite.world.productA}/licenses?email=a%00`),
      nulIn(
        'hardware_fingerprint',
        'staffA',
        'GET',
        `/api/v1/products/${suite.world.productA}/trials?hardware_fingerprint=%00`,
      ),
      nulIn('identifier', 'staffA', 'GET', '/api/v1/products?identifier=%00'),
      nulIn('search', 'superuser', 'GET', '/api/v1/manufacturers?search=%00'),
      nulIn('name', 'staffA', 'POST', '/api/v1/products', { ...product(), name: 'a\u0000' }),
      nulIn('series', 'staffA', 'POST', '/api/v1/products', { ...product(), series: '\u0000' }),
      nulIn('tagline', 'staffA', 'PATCH', `/api/v1/products/${suite.world.productA}`, { tagline: '\u0000' }),
      nulIn('description', 'staffA', 'POST', `/api/v1/products/${suite.world.productA}/releases`, {
        description: '\u0000',
      }),
      nulIn('external_id', 'staffA', 'POST', '/api/v1/users', { email: 'nul@example.com', external_id: '\u0000' }),
      nulIn('vat_id', 'superuser', 'PATCH', `/api/v1/manufacturers/${suite.world.manufacturerA}`, { vat_id: '\u0000' }),
      nulIn(
        'name',
        'staffA',
        'PUT',
        `/api/v1/products/${suite.world.productA}/builds/${suite.world.pendingBuildA}/files/a%00b`,
      ),
    ];
    for (const testCase of cases) await expectRefused(testCase);
  });

  it('2: refuses lone surrogates in bodies, queries and paths instead of a 500 or a silent U+FFFD', async () => {
    const cases: Case[] = [
      surrogateIn('name', 'superuser', 'PATCH', `/api/v1/manufacturers/${suite.world.manufacturerA}`, {
        name: 'Aurora \ud800',
      }),
      surrogateIn('phone', 'superuser', 'PATCH', `/api/v1/manufacturers/${suite.world.manufacturerA}`, {
        phone: '\udc00',
      }),
      surrogateIn(
        'hardware_fingerprint',
        'staffA',
        'POST',
        `/api/v1/licenses/${suite.world.licenseA}/activations`,
        activation('fp-\ud800'),
      ),
      surrogateIn('name', 'staffA', 'POST', '/api/v1/products', { ...product(), name: 'Probe \ud83c' }),
      surrogateIn('external_id', 'staffA', 'POST', '/api/v1/users', {
        email: 'surrogate@example.com',
        external_id: '\ud800x',
      }),
      {
        who: 'staffA',
        method: 'GET',
        url: '/api/v1/users?email=%ED%A0%80',
        message: 'email is not valid percent-encoded UTF-8',
      },
      {
        who: 'staffA',
        method: 'GET',
        url: '/api/v1/products?identifier=%FF',
        message: 'identifier is not valid percent-encoded UTF-8',
      },
      {
        who: 'staffA',
        method: 'GET',
        url: `/api/v1/products/${suite.world.productA}/builds/${suite.world.confirmedBuildA}/files/%ED%A0%80`,
        message: 'The address is not valid: a part of it is not correctly percent-encoded UTF-8.',
      },
    ];
    for (const testCase of cases) await expectRefused(testCase);
    // A well-formed pair is text like any other.
    const created = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: tokenOf('staffA'),
      payload: { ...product(), name: 'Probe 🎛️' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Probe 🎛️');
  });

  it("3: answers the framework's own refusals in our shape, in plain English, never naming the framework", async () => {
    const productUrl = `/api/v1/products/${suite.world.productA}`;
    const cases: { request: Parameters<TestApp['app']['inject']>[0] & object; status: number; message: string }[] = [
      {
        request: { method: 'GET', url: '/api/v1/products/%ED%A0%80' },
        status: 400,
        message: 'The address is not valid: a part of it is not correctly percent-encoded UTF-8.',
      },
      {
        request: { method: 'GET', url: `/api/v1/products/${'9'.repeat(5000)}` },
        status: 414,
        message: 'The address is too long: a part of it exceeds the length this server accepts.',
      },
      {
        request: {
          method: 'PATCH',
          url: productUrl,
          headers: { 'content-type': 'application/xml' },
          payload: '<name>x</name>',
        },
        status: 415,
        message: 'The content type of the request body is not accepted here: send application/json.',
      },
      {
        request: {
          method: 'PATCH',
          url: productUrl,
          headers: { 'content-type': 'application/json' },
          payload: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        },
        status: 413,
        message: 'The request body is too large.',
      },
      {
        request: {
          method: 'PATCH',
          url: productUrl,
          headers: { 'content-type': 'application/json' },
          payload: '{"name":',
        },
        status: 400,
        message: 'The request body is not valid JSON.',
      },
      {
        request: { method: 'PATCH', url: productUrl, headers: { 'content-type': 'application/json' }, payload: '' },
        status: 400,
        message: 'The request body is empty but its content type says JSON.',
      },
      { request: { method: 'GET', url: '/api/v1/no-such-route' }, status: 404, message: 'Not found' },
      { request: { method: 'DELETE', url: '/api/v1/products' }, status: 404, message: 'Not found' },
    ];
    for (const { request, status, message } of cases) {
      const before = await databaseDigest(suite.t);
      const response = await suite.t.app.inject({ ...request, headers: { ...tokenOf('staffA'), ...request.headers } });
      expect({ url: request.url?.toString().slice(0, 60), status: response.statusCode, body: response.json() }).toEqual(
        {
          url: request.url?.toString().slice(0, 60),
          status,
          body: { message: [message] },
        },
      );
      expect(response.body).not.toMatch(FRAMEWORK_NAMES);
      expect(await databaseDigest(suite.t)).toBe(before);
    }
  });

  describe('4: build file names', () => {
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    let buildNumber = 7000;

    async function publish(names: string[]) {
      const files = names.map((name) => ({ name, bytes: Buffer.from(`bytes of ${name}\n`) }));
      const declared = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${suite.world.productA}/builds`,
        headers: tokenOf('staffA'),
        payload: {
          os: 'any',
          major: 7,
          minor: 0,
          revision: 0,
          build_number: (buildNumber += 1),
          files: files.map(({ name, bytes }) => ({ name, size: bytes.length, sha256: sha256(bytes) })),
        },
      });
      return { declared, files };
    }

    it('declares, uploads, confirms and downloads a 154-character name and a non-ASCII one', async () => {
      const names = [`${'long-name-'.repeat(15)}.pkg`.slice(0, 154), 'Ünïcödé Ärger 音楽 ✓.pkg', `${'é'.repeat(127)}`];
      expect(names.map((name) => name.length)).toEqual([154, 22, 127]);
      const { declared, files } = await publish(names);
      expect(declared.statusCode).toBe(201);
      const buildUrl = `/api/v1/products/${suite.world.productA}/builds/${declared.json().id}`;
      for (const { name, bytes } of files) {
        const url = `${buildUrl}/files/${encodeURIComponent(name)}`;
        const upload = await suite.t.app.inject({
          method: 'PUT',
          url,
          headers: { ...tokenOf('staffA'), 'content-type': 'application/octet-stream' },
          payload: bytes,
        });
        expect({ name, status: upload.statusCode, body: upload.body.slice(0, 200) }).toMatchObject({
          name,
          status: 200,
        });
      }
      const confirmed = await suite.t.app.inject({
        method: 'POST',
        url: `${buildUrl}/confirm`,
        headers: tokenOf('staffA'),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().upload_confirmed).toBe(true);
      for (const { name, bytes } of files) {
        const download = await suite.t.app.inject({
          method: 'GET',
          url: `${buildUrl}/files/${encodeURIComponent(name)}`,
          headers: tokenOf('staffA'),
        });
        expect({ name, status: download.statusCode }).toEqual({ name, status: 200 });
        expect(download.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('refuses at declaration a name no file system could store, and declares nothing', async () => {
      const before = await databaseDigest(suite.t);
      const tooLong = 'é'.repeat(128);
      const { declared } = await publish(['fine.pkg', tooLong]);
      expect(declared.statusCode).toBe(400);
      expect(declared.json()).toEqual({
        message: [`A file name may be at most 255 bytes in UTF-8: '${tooLong}' is longer.`],
      });
      expect(await databaseDigest(suite.t)).toBe(before);
    });
  });

  it('7: refuses a body that is not UTF-8 with a 400 on every route of the matrix that takes a body', async () => {
    // Bytes no UTF-8 decoder accepts: a lone continuation byte, an overlong NUL, a cut-off sequence, a UTF-16 half.
    const badBytes = [
      Buffer.from([0xff]),
      Buffer.from([0xc0, 0x80]),
      Buffer.from([0xe2, 0x82]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ];
    const routes = Object.entries(AUTHORIZATION_MATRIX).filter(([route]) => !/^(GET|OPTIONS) /.test(route));
    expect(routes.length).toBeGreaterThan(30);
    const before = await databaseDigest(suite.t);
    const answers: string[] = [];
    for (const [[route, entry], index] of routes.map((pair, at) => [pair, at] as const)) {
      const [method] = route.split(' ');
      const request = entry.request(suite.world);
      // Aimed past authentication: the role the matrix answers best (the one that may act). A refusal of who asks
      // ranks after any other answer (a route whose every signed-in answer is a 409 is still reached), and 401 after
      // 403: a 403 of a signed-in caller may come from the handler, past the body, a 401 never does.
      const rank = (status: number) => (status === 401 ? 2000 : status === 403 ? 1000 + status : status);
      const role = [...ROLES].sort((a, b) => rank(entry.expect[a]) - rank(entry.expect[b]))[0];
      const valid =
        request.payload && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload)
          ? JSON.stringify(request.payload).slice(1)
          : '}';
      const payload = Buffer.concat([
        Buffer.from('{"probe":"fp-'),
        badBytes[index % badBytes.length],
        Buffer.from(valid === '}' ? '"}' : `",${valid}`),
      ]);
      for (const contentType of ['application/json', 'application/json; charset=utf-8', 'text/plain']) {
        const response = await suite.t.app.inject({
          method: method as 'POST',
          url: request.url,
          headers: {
            ...(role === 'anonymous' ? {} : { authorization: authorizationOf(role, suite.world.tokens) }),
            'content-type': contentType,
          },
          payload,
        });
        const body = response.body.slice(0, 200);
        if (response.statusCode !== 400 || body !== JSON.stringify({ message: [BODY_NOT_UTF8] }))
          answers.push(`${route} (${contentType}) as ${role}: ${response.statusCode} ${body}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await databaseDigest(suite.t)).toBe(before);
  });

  it('5: accepts only absolute http(s) URLs in the product link fields', async () => {
    const productUrl = `/api/v1/products/${suite.world.productA}`;
    const cases: Case[] = [
      {
        who: 'staffA',
        method: 'POST',
        url: '/api/v1/products',
        body: { ...product(), page: 'javascript:alert(1)' },
        message: 'Product Page must be an http:// or https:// address.',
      },
      {
        who: 'staffA',
        method: 'POST',
        url: '/api/v1/products',
        body: { ...product(), app_image: 'data:image/png;base64,AAAA' },
        message: 'App Image must be an http:// or https:// address.',
      },
      {
        who: 'staffA',
        method: 'PATCH',
        url: productUrl,
        body: { plugin_browser_logo: 'logo.png' },
        message: 'Plugin Browser Logo must be an http:// or https:// address.',
      },
      {
        who: 'staffA',
        method: 'PATCH',
        url: productUrl,
        body: { plugin_browser_moodshot: 'https:/missing-host' },
        message: 'Plugin Browser Moodshot must be an http:// or https:// address.',
      },
    ];
    for (const testCase of cases) await expectRefused(testCase);
    const links = {
      page: 'https://aurora.example/p',
      app_image: 'http://aurora.example/a.png',
      plugin_browser_logo: 'HTTPS://aurora.example/l.png',
      plugin_browser_moodshot: '',
    };
    const saved = await suite.t.app.inject({
      method: 'PATCH',
      url: productUrl,
      headers: tokenOf('staffA'),
      payload: links,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...links, plugin_browser_moodshot: null });
  });
});

describe('6: every request has a time limit', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ timeouts: { headersMs: 500, requestMs: 1500, idleMs: 300, keepAliveMs: 500 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Writes `chunks` every `everyMs` until the server closes the connection; what it answered and when. */
  function trickle(first: string, everyMs: number): Promise<{ answer: string; afterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(first));
      let answer = '';
      const timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
      // The test's own bound: a server that never cuts the client off fails here rather than hanging.
      const giveUp = setTimeout(() => socket.destroy(new Error('the server held the slow connection for 8 s')), 8000);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', (error) => {
        clearInterval(timer);
        clearTimeout(giveUp);
        if (answer) resolve({ answer, afterMs: Date.now() - started });
        else reject(error);
      });
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ answer, afterMs: Date.now() - started });
      });
    });
  }

  it('cuts off a client whose headers never finish', async () => {
    const { answer, afterMs } = await trickle('GET /api/v1/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 100);
    expect(answer).toMatch(/^HTTP\/1.1 408 /);
    expect(answer).toContain('{"message":["The request took too long to arrive."]}');
    expect(afterMs).toBeLessThan(5000);
  });

  it('cuts off a client that sends its body a byte at a time', async () => {
    const head =
      'POST /api/v1/systemusers/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"';
    const { answer, afterMs } = await trickle(head, 100);
    expect(answer).toMatch(/^HTTP\/1.1 408 /);
    expect(afterMs).toBeLessThan(5000);
  });

  it('cuts off a client that goes silent in the middle of its body, at the idle limit', async () => {
    const head =
      'POST /api/v1/systemusers/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"';
    const { afterMs } = await trickle(head, 60_000);
    expect(afterMs).toBeLessThan(1200);
  });

  it('does not cut off requests whose handler works longer than the idle limit', async () => {
    // Each sign-in runs scrypt (~0.4 s, four at a time): most of these wait well past the 300 ms idle limit.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        fetch(`http://127.0.0.1:${port}/api/v1/systemusers/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ email: `nobody-${index}@example.com`, password: 'not the password' }),
        }).then(
          (response) => response.status,
          (error: Error) => error.message,
        ),
      ),
    );
    expect(answers).toEqual(Array(8).fill(401));
  });
});
