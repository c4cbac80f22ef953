import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createLicense, createProduct } from './licensing-fixtures';
import { resetRateLimits } from './client-fixtures';
import { buildWorld, type World } from './security/matrix-world';
import { createTestApp, type TestApp } from './support/test-app';

// docs/client-api.md's "Answers at a glance" is a contract: every answer it lists is declared by the OpenAPI document
// with the same content type, and a real call of the client API answers it so.

interface DocumentedAnswer {
  method: string;
  /** The path as the OpenAPI document writes it, relative to /api/v1, its parameters as `{}`. */
  path: string;
  status: number;
  /** `null`: no body. */
  contentType: string | null;
}

const CLIENT_API_DOC = join(__dirname, '../../docs/client-api.md');

/** The table's rows: `| \`POST /api/v1/clients/app/trials\` | \`201\`, \`200\`: \`application/json\`; \`304\`: no body |`. */
function documentedAnswers(markdown: string): DocumentedAnswer[] {
  const section = markdown.split('### Answers at a glance')[1]?.split(/\n#{2,3} /)[0] ?? '';
  return [...section.matchAll(/^\| `(GET|POST) \/api\/v1(\/clients\/app\/[^`]+)` \| (.+) \|$/gm)].flatMap(
    ([, method, path, answers]) =>
      answers.split(';').flatMap((part) => {
        const [statuses, type] = part.split(':');
        const contentType = type.trim() === 'no body' ? null : type.trim().replace(/`/g, '');
        return [...statuses.matchAll(/`(\d{3})`/g)].map(([, status]) => ({
          method,
          path: path.replace(/\{\w+\}/g, '{}'),
          status: Number(status),
          contentType,
        }));
      }),
  );
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

type Call = (t: TestApp) => Promise<LightMyRequestResponse>;

describe("docs/client-api.md's answers: the OpenAPI document and the server agree with them", () => {
  let t: TestApp;
  let w: World;
  let document: OpenApiDocument;
  /** Objects for the refusals: a disabled and an expired licence, a product without trials, one without identifier. */
  let disabledSerial: string;
  let expiredSerial: string;
  let productWithoutIdentifier: number;
  const answers = documentedAnswers(readFileSync(CLIENT_API_DOC, 'utf8'));

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
    document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
    const licence = { manufacturerId: w.manufacturerA, productId: w.productA, userId: w.endUserA };
    disabledSerial = (await createLicense(t.db, { ...licence, disabledReason: 'FraudulentUse' })).serial;
    const expired = await createLicense(t.db, licence);
    await t.db
      .updateTable('licenses')
      .set({ expires_at: new Date('2020-01-01T00:00:00Z'), grace_days: 0 })
      .where('id', '=', expired.id)
      .execute();
    expiredSerial = expired.serial;
    productWithoutIdentifier = (await createProduct(t, w.manufacturerA, 'Docs Match Tool', null)).id;
  }, 180_000);
  afterAll(() => t.close());

  const post =
    (url: string, payload: object, headers: Record<string, string> = {}) =>
    (t: TestApp) =>
      t.app.inject({ method: 'POST', url: `/api/v1/clients/app${url}`, payload, headers });
  const get =
    (url: string, headers: Record<string, string> = {}) =>
    (t: TestApp) =>
      t.app.inject({ url, headers });

  const activation = (serial: string, fingerprint: string) => ({
    product_id: w.productA,
    serial,
    hardware_fingerprint: fingerprint,
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
  });
  const validation = (serial: string) => ({
    product_id: w.productA,
    serial,
    hardware_fingerprint: w.clientFingerprints.update,
    nonce: 'docs-match-nonce-0123456789',
  });
  const updateCheck = (serial: string) => ({
    product_id: w.productA,
    serial,
    hardware_fingerprint: w.clientFingerprints.update,
    current_version: '1.0',
    os: 'macOS',
  });
  const revocations = (productId: number, query = 'hardware_fingerprint=DOCS-MATCH-FP') =>
    `/api/v1/clients/app/products/${productId}/revocations?${query}`;
  const browserStart = (productId: number) => ({
    product_id: productId,
    hardware_fingerprint: 'DOCS-MATCH-BROWSER',
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
  });
  const UNKNOWN = 2147483647;
  const UNKNOWN_SERIAL = '4M7QZ-T0B8K-W2H9C-X5NRJ';
  const NO_LEASE = '00000000-0000-4000-8000-000000000000';
  /** A machine of the world's floating licence; the same of a node-locked one (every seat call refuses it, 409). */
  const seat = (fingerprint: string) => ({
    product_id: w.floating.productId,
    serial: w.floating.serial,
    hardware_fingerprint: fingerprint,
  });
  const nodeLockedSeat = (fingerprint: string) => ({
    product_id: w.productA,
    serial: w.licenseSerialA,
    hardware_fingerprint: fingerprint,
  });
  /** The world's live lease for that call, named by its own machine. */
  const heldLease = (call: 'heartbeat' | 'checkin') => ({
    ...seat(call === 'heartbeat' ? 'MATRIX-SEAT-HEARTBEAT' : 'MATRIX-SEAT-CHECKIN'),
    lease_id: w.floating.leases[call],
  });

  /** A real call for each documented answer but the 429s (asked last, once the address has used its minute). */
  const calls = (): Record<string, Call> => ({
    'POST /clients/app/trials 201': post('/trials', { product_id: w.productA, hardware_fingerprint: 'DOCS-MATCH-T' }),
    'POST /clients/app/trials 200': post('/trials', { product_id: w.productA, hardware_fingerprint: 'DOCS-MATCH-T' }),
    'POST /clients/app/trials 400': post('/trials', { product_id: 'seven' }),
    'POST /clients/app/trials 404': post('/trials', { product_id: UNKNOWN, hardware_fingerprint: 'DOCS-MATCH-T' }),
    'POST /clients/app/trials 409': async (t) => {
      await t.db.updateTable('products').set({ trial_days: 0 }).where('id', '=', productWithoutIdentifier).execute();
      return post('/trials', { product_id: productWithoutIdentifier, hardware_fingerprint: 'DOCS-MATCH-T' })(t);
    },
    'POST /clients/app/activations 200': post(
      '/activations',
      activation(` ${w.licenseSerialA.toLowerCase()} `, 'DOCS-MATCH-A'),
    ),
    'POST /clients/app/activations 400': post('/activations', { ...activation(w.licenseSerialA, 'X'), serial: '' }),
    'POST /clients/app/activations 404': post('/activations', activation('4M7QZ-T0B8K-W2H9C-X5NRJ', 'DOCS-MATCH-A')),
    'POST /clients/app/activations 409': post('/activations', activation(disabledSerial, 'DOCS-MATCH-A')),
    'POST /clients/app/deactivations 200': post('/deactivations', {
      product_id: w.productA,
      serial: w.licenseSerialA,
      hardware_fingerprint: 'DOCS-MATCH-A',
    }),
    'POST /clients/app/deactivations 400': post('/deactivations', { product_id: w.productA }),
    'POST /clients/app/deactivations 404': post('/deactivations', {
      product_id: UNKNOWN,
      serial: w.licenseSerialA,
      hardware_fingerprint: 'DOCS-MATCH-A',
    }),
    'POST /clients/app/deactivations 409': post('/deactivations', {
      product_id: w.productA,
      serial: w.licenseSerialA,
      hardware_fingerprint: 'DOCS-MATCH-NEVER-HERE',
    }),
    'POST /clients/app/validations 200': post('/validations', validation(w.checkedSerialA)),
    'POST /clients/app/validations 400': post('/validations', { ...validation(w.checkedSerialA), nonce: 'short' }),
    'POST /clients/app/validations 404': post('/validations', validation('4M7QZ-T0B8K-W2H9C-X5NRJ')),
    'POST /clients/app/validations 409': post('/validations', validation(expiredSerial)),
    'GET /clients/app/products/{}/revocations 200': get(revocations(w.productA)),
    'GET /clients/app/products/{}/revocations 304': async (t) => {
      const first = await get(revocations(w.productA))(t);
      return get(revocations(w.productA), { 'if-none-match': first.headers.etag as string })(t);
    },
    'GET /clients/app/products/{}/revocations 400': get(revocations(w.productA, 'since=yesterday')),
    'GET /clients/app/products/{}/revocations 404': get(revocations(UNKNOWN)),
    'POST /clients/app/update-checks 200': post('/update-checks', updateCheck(w.checkedSerialA)),
    'POST /clients/app/update-checks 304': async (t) => {
      const first = await post('/update-checks', updateCheck(w.checkedSerialA))(t);
      return post('/update-checks', updateCheck(w.checkedSerialA), { 'if-none-match': first.headers.etag as string })(
        t,
      );
    },
    'POST /clients/app/update-checks 400': post('/update-checks', { ...updateCheck(w.checkedSerialA), os: 'Amiga' }),
    'POST /clients/app/update-checks 404': post('/update-checks', {
      ...updateCheck(w.checkedSerialA),
      product_id: UNKNOWN,
    }),
    'POST /clients/app/update-checks 409': post('/update-checks', updateCheck(disabledSerial)),
    'GET /clients/app/downloads/{} 200': get(w.downloadUrlA),
    'GET /clients/app/downloads/{} 400': get(w.downloadUrlA.split('?')[0]),
    'GET /clients/app/downloads/{} 403': get(w.downloadUrlA.replace(/signature=[^&]+/, 'signature=changed')),
    'POST /clients/app/browser-activations 201': post('/browser-activations', browserStart(w.productA)),
    'POST /clients/app/browser-activations 400': post('/browser-activations', {
      ...browserStart(w.productA),
      hardware_fingerprint_version: 1,
    }),
    'POST /clients/app/browser-activations 404': post('/browser-activations', browserStart(UNKNOWN)),
    'POST /clients/app/browser-activations 409': post('/browser-activations', browserStart(productWithoutIdentifier)),
    'POST /clients/app/browser-activations/poll 200': post('/browser-activations/poll', {
      product_id: w.productA,
      device_code: w.browserActivation.approved.deviceCode,
      hardware_fingerprint: w.browserActivation.approved.fingerprint,
    }),
    'POST /clients/app/browser-activations/poll 400': post('/browser-activations/poll', { product_id: w.productA }),
    'POST /clients/app/browser-activations/poll 404': post('/browser-activations/poll', {
      product_id: w.productA,
      device_code: 'x'.repeat(43),
      hardware_fingerprint: 'DOCS-MATCH-BROWSER',
    }),
    'POST /clients/app/seats/checkouts 200': post('/seats/checkouts', seat('DOCS-MATCH-SEAT')),
    'POST /clients/app/seats/checkouts 400': post('/seats/checkouts', { product_id: 'seven' }),
    'POST /clients/app/seats/checkouts 404': post('/seats/checkouts', {
      ...seat('DOCS-MATCH-SEAT'),
      serial: UNKNOWN_SERIAL,
    }),
    'POST /clients/app/seats/checkouts 409': post('/seats/checkouts', nodeLockedSeat('DOCS-MATCH-SEAT')),
    'POST /clients/app/seats/borrows 200': post('/seats/borrows', { ...seat('DOCS-MATCH-BORROW'), days: 1 }),
    'POST /clients/app/seats/borrows 400': post('/seats/borrows', { ...seat('DOCS-MATCH-BORROW'), days: 366 }),
    'POST /clients/app/seats/borrows 404': post('/seats/borrows', {
      ...seat('DOCS-MATCH-BORROW'),
      serial: UNKNOWN_SERIAL,
      days: 1,
    }),
    'POST /clients/app/seats/borrows 409': post('/seats/borrows', { ...nodeLockedSeat('DOCS-MATCH-BORROW'), days: 1 }),
    'POST /clients/app/seats/heartbeats 200': post('/seats/heartbeats', heldLease('heartbeat')),
    'POST /clients/app/seats/heartbeats 400': post('/seats/heartbeats', seat('DOCS-MATCH-SEAT')),
    'POST /clients/app/seats/heartbeats 403': post('/seats/heartbeats', {
      ...heldLease('heartbeat'),
      hardware_fingerprint: 'DOCS-MATCH-OTHER',
    }),
    'POST /clients/app/seats/heartbeats 404': post('/seats/heartbeats', {
      ...heldLease('heartbeat'),
      lease_id: NO_LEASE,
    }),
    'POST /clients/app/seats/heartbeats 409': post('/seats/heartbeats', {
      ...nodeLockedSeat('DOCS-MATCH-SEAT'),
      lease_id: NO_LEASE,
    }),
    'POST /clients/app/seats/checkins 200': post('/seats/checkins', heldLease('checkin')),
    'POST /clients/app/seats/checkins 400': post('/seats/checkins', seat('DOCS-MATCH-SEAT')),
    'POST /clients/app/seats/checkins 403': post('/seats/checkins', {
      ...heldLease('heartbeat'),
      hardware_fingerprint: 'DOCS-MATCH-OTHER',
    }),
    'POST /clients/app/seats/checkins 404': post('/seats/checkins', { ...heldLease('heartbeat'), lease_id: NO_LEASE }),
    'POST /clients/app/seats/checkins 409': post('/seats/checkins', {
      ...nodeLockedSeat('DOCS-MATCH-SEAT'),
      lease_id: NO_LEASE,
    }),
  });

  /** The 429 of each call: any valid call, once the address has made its calls of the minute. */
  const limited = (): Record<string, Call> => ({
    'POST /clients/app/trials': post('/trials', { product_id: w.productA, hardware_fingerprint: 'DOCS-MATCH-T' }),
    'POST /clients/app/activations': post('/activations', activation(w.licenseSerialA, 'DOCS-MATCH-A')),
    'POST /clients/app/deactivations': post('/deactivations', {
      product_id: w.productA,
      serial: w.licenseSerialA,
      hardware_fingerprint: 'DOCS-MATCH-A',
    }),
    'POST /clients/app/validations': post('/validations', validation(w.checkedSerialA)),
    'GET /clients/app/products/{}/revocations': get(revocations(w.productA)),
    'POST /clients/app/update-checks': post('/update-checks', updateCheck(w.checkedSerialA)),
    'GET /clients/app/downloads/{}': get(w.downloadUrlA),
    'POST /clients/app/browser-activations': post('/browser-activations', browserStart(w.productA)),
    'POST /clients/app/browser-activations/poll': post('/browser-activations/poll', {
      product_id: w.productA,
      device_code: 'x'.repeat(43),
      hardware_fingerprint: 'DOCS-MATCH-BROWSER',
    }),
    'POST /clients/app/seats/checkouts': post('/seats/checkouts', seat('DOCS-MATCH-SEAT')),
    'POST /clients/app/seats/borrows': post('/seats/borrows', { ...seat('DOCS-MATCH-BORROW'), days: 1 }),
    'POST /clients/app/seats/heartbeats': post('/seats/heartbeats', heldLease('heartbeat')),
    'POST /clients/app/seats/checkins': post('/seats/checkins', heldLease('heartbeat')),
  });

  const keyOf = (answer: DocumentedAnswer) => `${answer.method} ${answer.path} ${answer.status}`;
  const contentTypeOf = (response: LightMyRequestResponse) =>
    response.body === '' ? null : String(response.headers['content-type']).split(';')[0];

  it('lists the answers of every client call', () => {
    const calls = new Set(answers.map((answer) => `${answer.method} ${answer.path}`));
    expect([...calls]).toEqual(Object.keys(limited()));
    expect(answers.length).toBeGreaterThan(40);
  });

  it('declares each documented answer in the OpenAPI document, with its content type', () => {
    const wrong: string[] = [];
    for (const answer of answers) {
      const path = Object.keys(document.paths).find((candidate) => candidate.replace(/\{\w+\}/g, '{}') === answer.path);
      const response = path
        ? document.paths[path][answer.method.toLowerCase()]?.responses[String(answer.status)]
        : undefined;
      const declared = response ? Object.keys(response.content ?? {}) : undefined;
      const expected = answer.contentType === null ? [] : [answer.contentType];
      if (JSON.stringify(declared) !== JSON.stringify(expected))
        wrong.push(`${keyOf(answer)}: documented ${JSON.stringify(expected)}, declared ${JSON.stringify(declared)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers each documented status with its content type, for real', async () => {
    const realCalls = calls();
    const wrong: string[] = [];
    for (const answer of answers.filter((each) => each.status !== 429)) {
      const call = realCalls[keyOf(answer)];
      if (!call) {
        wrong.push(`${keyOf(answer)}: no call in this test`);
        continue;
      }
      await resetRateLimits(t);
      const response = await call(t);
      const got = `${response.statusCode} ${contentTypeOf(response)}`;
      if (got !== `${answer.status} ${answer.contentType}`)
        wrong.push(`${keyOf(answer)}: got ${got} ${response.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);

    // Past the address's calls of the minute every call answers 429, as JSON with Retry-After.
    await resetRateLimits(t);
    const limitedCalls = limited();
    for (let i = 0; i < 130; i++) await get(revocations(w.productA))(t);
    for (const answer of answers.filter((each) => each.status === 429)) {
      const response = await limitedCalls[`${answer.method} ${answer.path}`](t);
      const got = `${response.statusCode} ${contentTypeOf(response)}`;
      if (got !== `429 ${answer.contentType}` || !(Number(response.headers['retry-after']) > 0))
        wrong.push(`${keyOf(answer)}: got ${got} retry-after ${response.headers['retry-after']}`);
    }
    expect(wrong).toEqual([]);
    await resetRateLimits(t);
  });
});
