import fc from 'fast-check';
import { AUTH_SCHEME, PORTAL_API_PREFIX, PORTAL_AUTH_SCHEME, TEXT_KEYWORD } from 'shared-kit/contract';
import type { RouteTableEntry } from '../../src/app';
import { CONTAINS_NUL, ILL_FORMED_UNICODE } from '../../src/plugins/text-keyword';
import { MACHINE_NAME_CONTROL_CHARACTERS, MACHINE_NAME_TOO_LONG } from '../../src/licenses/machine-name';
import { createSession } from '../../src/auth/sessions';
import { hashSessionToken } from '../../src/auth/session-token';
import { createCustomerSession } from '../../src/portal/customer-sessions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authorizationOf, buildWorld, type World } from './matrix-world';
import { leafPositions, placeAt, stringPositions, validSample, type JsonSchema, type Path } from './schema-positions';
import { tableDigestQuery } from './table-digests';

const RUNS = Number(process.env.PRODUCTHUB_FUZZ_RUNS || 12);

const HOSTILE_TEXT = [
  "' OR 1=1 --",
  "'; DROP TABLE licenses; --",
  '<script>alert(1)</script>',
  '%',
  '_',
  '\\',
  'a\u0000b',
  '\uD800',
  '𝕏🎛️'.repeat(200),
  'x'.repeat(70_000),
  '../../etc/passwd',
  '${jndi:ldap://127.0.0.1/a}',
  'NaN',
  '-1',
  '1e309',
  '',
  ' ',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.constantFrom(-1, 0, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1.5, 1e308),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.constantFrom(...HOSTILE_TEXT)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/**
 * Fields with rules past their schema (checked by the route's own code), by field name: values each must refuse
 * with its message, and values it must take; wherever a route's body has such a field, they are aimed at it.
 */
const FIELD_RULES: Record<string, { refused: [string, string][]; taken: string[] }> = {
  machine_name: {
    refused: [
      ['x'.repeat(65), MACHINE_NAME_TOO_LONG],
      [` ${'音'.repeat(64)}🎹 `, MACHINE_NAME_TOO_LONG],
      ['Studio\tMac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\r\nMac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['\u001b[31mRed', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\u0085Mac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\u009fMac', MACHINE_NAME_CONTROL_CHARACTERS],
    ],
    taken: [
      '',
      '   ',
      '\u2028Studio Mac\u2029',
      ` ${'音'.repeat(63)}🎹 `,
      "'; DROP TABLE license_machines; --",
      '<b>Mac</b>',
    ],
  },
};

const hostileParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1.5',
    'abc',
    '%00',
    '%27%20OR%201%3D1',
    '%3Cb%3E',
    '1%2F2',
    'null',
  ),
  fc.integer({ min: 1, max: 20 }).map(String),
);

/** Routes that end the session they are sent with: each of their requests gets a session of its own. */
const ENDS_SESSION = ['/api/v1/systemusers/logout', `${PORTAL_API_PREFIX}/sign-out`];

/**
 * The Super User's ending of every session of a system user: aimed at the world's staff user whose sessions the
 * requests may end (never at the staff the requests sign in as), its id then the place of every hostile value.
 */
const ENDS_SESSIONS_OF_USER = '/api/v1/systemusers/:id/sessions';

/** The portal's routes take a customer's session, every other route a staff one: each route is aimed at past its authentication. */
const authorizationFor = (world: World, url: string, staff: 'superuser' | 'staffA') =>
  url.startsWith(`${PORTAL_API_PREFIX}/`)
    ? authorizationOf(staff === 'staffA' ? 'customerA' : 'customerB', world.tokens)
    : authorizationOf(staff, world.tokens);

/**
 * The Authorization header a request is sent with: the role's session, or for a route that ends the session it is
 * sent with, a new session of the same user per request (so that route is fuzzed like every other, and the role's
 * own session lives on for the routes after it).
 */
async function authorizationForRequest(
  t: TestApp,
  world: World,
  url: string,
  staff: 'superuser' | 'staffA',
): Promise<string> {
  if (!ENDS_SESSION.includes(url.split('?')[0])) return authorizationFor(world, url, staff);
  if (url.startsWith(`${PORTAL_API_PREFIX}/`)) {
    const customers = world.portalCustomers;
    const customer = staff === 'staffA' ? customers.customerA : customers.customerB;
    return `${PORTAL_AUTH_SCHEME} ${(await createCustomerSession(t.db, customers.manufacturerId, customer)).token}`;
  }
  const { system_user_id: userId } = await t.db
    .selectFrom('sessions')
    .select('system_user_id')
    .where('token_hash', '=', hashSessionToken(world.tokens[staff]))
    .executeTakeFirstOrThrow();
  return `${AUTH_SCHEME} ${await createSession(t.db, userId, { userAgent: 'hostile-input', address: '127.0.0.1' })}`;
}

interface HostileRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Bodies aimed at a route's real fields, arbitrary JSON, malformed JSON, wrong content types, oversize. */
function hostileBody(fields: string[]): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const aimed = fields.length
    ? fc.dictionary(fc.constantFrom(...fields, 'unknown_field', '__proto__', 'constructor'), hostileValue, {
        maxKeys: fields.length + 2,
      })
    : fc.constant({});
  return fc.oneof(
    aimed.map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    fc.jsonValue().map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    fc
      .constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"a":1}}', '\u0000')
      .map((payload) => ({ payload, contentType: 'application/json' })),
    fc
      .constantFrom(
        'text/plain',
        'text/csv',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
      )
      .map((contentType) => ({ payload: 'email=a&password=b', contentType })),
    fc.constant({ payload: Buffer.alloc(2 * 1024 * 1024, 'a'), contentType: 'application/json' }),
    fc.constant({}),
  );
}

const FRAMEWORK_NAMES = /FST_|fastify/i;
const LEAKS = [
  FRAMEWORK_NAMES,
  /\bat .+:\d+:\d+\)?/,
  /node_modules/,
  /syntax error at or near/i,
  /\bSELECT\b.*\bFROM\b/i,
  /relation "/i,
  /duplicate key value/i,
  /violates .* constraint/i,
];

/**
 * Fields an error may carry beside its message: the portal's deactivation cap says when the next free is possible;
 * a browser activation's poll says why not yet (RFC 8628's `error`) and its interval; a portal limit the wait; a
 * floating licence with every seat taken when the first frees.
 */
const ERROR_EXTRAS = ['next_possible_at', 'error', 'interval', 'retry_after', 'frees_at'];

function isErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    const extras = Object.keys(parsed).filter((key) => key !== 'message');
    return (
      Array.isArray(parsed.message) &&
      parsed.message.length > 0 &&
      parsed.message.every((message) => typeof message === 'string') &&
      extras.every((key) => ERROR_EXTRAS.includes(key))
    );
  } catch {
    return false;
  }
}

describe('hostile input on every route', () => {
  let t: TestApp;
  let world: World;
  let digest: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    digest = await tableDigestQuery(t);
  }, 120_000);
  afterAll(() => t.close());

  it('is covering the whole route table', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
  });

  it('never answers a 5xx or internals, and a refused request changes nothing', async () => {
    const statuses = new Map<number, number>();
    const fuzzed = new Set<string>();
    for (const route of t.app.routeTable) {
      if (route.method === 'OPTIONS') continue;
      fuzzed.add(`${route.method} ${route.url}`);
      const mutating = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileParam, { minLength: 4, maxLength: 4 }),
          fc.dictionary(
            fc.constantFrom(...route.queryFields, 'page', 'per_page', 'zzz'),
            fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.integer().map(String)),
            { maxKeys: 4 },
          ),
          mutating ? hostileBody(route.bodyFields) : fc.constant({}),
          async (params, query, body) => {
            let index = 0;
            const path = route.url.replace(/:[A-Za-z]+/g, () => params[index++]).replace('*', 'x');
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const request: HostileRequest = {
              url: search ? `${path}?${search}` : path,
              headers: {
                authorization: await authorizationForRequest(t, world, route.url, 'staffA'),
                ...(body.contentType ? { 'content-type': body.contentType } : {}),
              },
              payload: body.payload,
            };
            const before = mutating ? await digest() : '';
            const response = await t.app.inject({ method: route.method as 'GET', ...request });
            // A portal code request issues its code after answering: the digest must not race it.
            await t.app.backgroundWork.settled();
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const where = `${route.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode >= 500) throw new Error(`5xx: ${where}`);
            if (response.statusCode === 429 && !(Number(response.headers['retry-after']) > 0))
              throw new Error(`a 429 without Retry-After: ${where}`);
            for (const leak of LEAKS)
              if (leak.test(response.body) && response.statusCode >= 400) throw new Error(`internals leaked: ${where}`);
            if (response.statusCode >= 400) {
              if (!isErrorShape(response.body)) throw new Error(`not the error shape: ${where}`);
              if (mutating && (await digest()) !== before)
                throw new Error(`a refused request changed the database: ${where}`);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
      );
    }
    // Every route, the sign-out routes too.
    const unfuzzed = t.app.routeTable
      .filter((route) => route.method !== 'OPTIONS' && !fuzzed.has(`${route.method} ${route.url}`))
      .map((route) => `${route.method} ${route.url}`);
    expect(unfuzzed).toEqual([]);
    for (const url of ENDS_SESSION) expect(fuzzed).toContain(`POST ${url}`);
    // The inputs must reach the handlers too, not only bounce off validation.
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    const pastValidation = [...statuses].filter(([status]) => status !== 400).reduce((sum, [, n]) => sum + n, 0);
    console.log(`hostile input: ${total} requests, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(total).toBeGreaterThanOrEqual(RUNS * 35);
    expect(pastValidation / total).toBeGreaterThan(0.2);
  }, 600_000);
});

// Every string position of every route (found in its schemas, so a new route or field is covered the
// day it is written), as a superuser and as manufacturer staff (on the portal's routes: as two customers), around
// an otherwise valid request.
const AIMED_RUNS = Number(process.env.PRODUCTHUB_FUZZ_AIMED_RUNS || 2);
const AIMED_VALUE_RUNS = Number(process.env.PRODUCTHUB_FUZZ_AIMED_VALUE_RUNS || 6);
const AIMED_ROLES = ['superuser', 'staffA'] as const;
type Part = 'params' | 'querystring' | 'body';

/** Text with a NUL or a lone surrogate somewhere in it, and the problem the answer must name. */
const illFormedText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom(
      { bad: '\u0000', problem: CONTAINS_NUL },
      { bad: '\uD800', problem: ILL_FORMED_UNICODE },
      { bad: '\uDFFF', problem: ILL_FORMED_UNICODE },
      { bad: '\uDBFF', problem: ILL_FORMED_UNICODE },
    ),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, { bad, problem }, after]) => ({ text: `${before}${bad}${after}`, problem }));

/** Percent-encoding as a client would send it, lone surrogates as their (ill-formed) three UTF-8-style bytes. */
function percentEncode(text: string): string {
  return [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

/** Bad escapes and over-long or hostile text for a path segment, sent as they are. */
const BAD_PATH_SEGMENTS = [
  '%ED%A0%80',
  '%ED%BF%BF',
  '%FF',
  '%C0%AF',
  '%E0%80',
  '%',
  '%0',
  '%00',
  'a%00b',
  '%2e%2e',
  '..',
  '%2F',
  '-1',
  '1e309',
  '9'.repeat(4000),
  'x'.repeat(70_000),
];

interface AimedRequest {
  route: RouteTableEntry;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

const schemaOf = (route: RouteTableEntry, part: Part) => route.schemas[part] as JsonSchema | undefined;

/** A request the route's schemas accept (with the parameters given): the base every aimed value is placed into. */
function validRequest(route: RouteTableEntry, fixedParams: Record<string, string> = {}): AimedRequest {
  const params = Object.fromEntries(
    Object.entries((validSample(schemaOf(route, 'params')) ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      String(value),
    ]),
  );
  Object.assign(params, fixedParams);
  for (const name of route.url.match(/:[A-Za-z]+/g) ?? []) params[name.slice(1)] ??= '1';
  const query = Object.fromEntries(
    Object.entries((validSample(schemaOf(route, 'querystring')) ?? {}) as Record<string, unknown>).map(
      ([key, value]) => [key, String(value)],
    ),
  );
  return { route, params, query, body: schemaOf(route, 'body') ? validSample(schemaOf(route, 'body')) : undefined };
}

/** The URL with each parameter and query value encoded, unless given as raw text to send as it is. */
function urlOf(request: AimedRequest, raw: { param?: [string, string]; query?: [string, string] } = {}): string {
  const path = request.route.url
    .replace(/:([A-Za-z]+)/g, (_match, name: string) =>
      raw.param?.[0] === name ? raw.param[1] : percentEncode(request.params[name]),
    )
    .replace('*', 'x');
  const pairs = Object.entries(request.query).map(
    ([key, value]) => `${encodeURIComponent(key)}=${raw.query?.[0] === key ? raw.query[1] : percentEncode(value)}`,
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

describe('hostile values aimed at every position of every route', () => {
  let t: TestApp;
  let world: World;
  let digest: () => Promise<string>;
  /** The database's digest after the last request that was not refused: a refusal must leave it so. */
  let known: string;
  let routes: RouteTableEntry[];
  const counts = { requests: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    digest = await tableDigestQuery(t);
    known = await digest();
    routes = t.app.routeTable.filter((route) => route.method !== 'OPTIONS');
  }, 120_000);
  const baseOf = (route: RouteTableEntry) =>
    validRequest(route, route.url === ENDS_SESSIONS_OF_USER ? { id: String(world.staffSessions.staffUserA) } : {});
  afterAll(async () => {
    console.log(
      `aimed hostile input: ${counts.requests} requests, answers ${JSON.stringify(Object.fromEntries(counts.statuses))}`,
    );
    await t.close();
  });

  /** Sends one request and checks the rules of the house; the answer for the caller's own expectations. */
  async function send(role: (typeof AIMED_ROLES)[number], method: string, url: string, body: unknown) {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: await authorizationForRequest(t, world, url, role),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    await t.app.backgroundWork.settled();
    counts.requests += 1;
    counts.statuses.set(response.statusCode, (counts.statuses.get(response.statusCode) ?? 0) + 1);
    const where = `${role} ${method} ${url.slice(0, 160)} ${JSON.stringify(body)?.slice(0, 160)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
    if (response.statusCode >= 500) throw new Error(`5xx: ${where}`);
    if (response.statusCode >= 400) {
      if (!isErrorShape(response.body)) throw new Error(`not the error shape: ${where}`);
      for (const leak of LEAKS) if (leak.test(response.body)) throw new Error(`internals leaked: ${where}`);
      if ((await digest()) !== known) throw new Error(`a refused request changed the database: ${where}`);
    } else {
      known = await digest();
    }
    return {
      status: response.statusCode,
      message: response.statusCode >= 400 ? (JSON.parse(response.body).message as string[]) : [],
      where,
    };
  }

  it("finds string positions in the route table, and every one of them is the contract's Text()", () => {
    const strings = routes.flatMap((route) =>
      (['params', 'querystring', 'body'] as Part[]).flatMap((part) =>
        stringPositions(schemaOf(route, part)).map((position) => ({ route, part, ...position })),
      ),
    );
    expect(strings.length).toBeGreaterThan(40);
    const untyped = strings
      .filter(({ schema }) => schema[TEXT_KEYWORD] !== true)
      .map(({ route, part, path }) => `${route.method} ${route.url} ${part}.${path.join('.')}`);
    expect(untyped).toEqual([]);
  });

  it('refuses NUL and lone surrogates in every string of bodies, queries and paths with a 400 naming the field, changing nothing', async () => {
    for (const route of routes) {
      const base = baseOf(route);
      for (const part of ['params', 'querystring', 'body'] as Part[]) {
        for (const { path } of stringPositions(schemaOf(route, part))) {
          const field = path.join('.');
          for (const role of AIMED_ROLES) {
            await fc.assert(
              fc.asyncProperty(illFormedText, async ({ text, problem }) => {
                const surrogate = problem === ILL_FORMED_UNICODE;
                let expected: string;
                let answer: Awaited<ReturnType<typeof send>>;
                if (part === 'body') {
                  expected = `${field} ${problem}`;
                  answer = await send(
                    role,
                    route.method,
                    urlOf(base),
                    placeAt(base.body, path, text, schemaOf(route, 'body')),
                  );
                } else if (part === 'querystring') {
                  // A lone surrogate cannot be percent-encoded as UTF-8: its escapes are refused as they arrive.
                  expected = surrogate ? `${field} is not valid percent-encoded UTF-8` : `${field} ${problem}`;
                  answer = await send(
                    role,
                    route.method,
                    urlOf({ ...base, query: { ...base.query, [field]: text } }),
                    base.body,
                  );
                } else {
                  expected = surrogate
                    ? 'The address is not valid: a part of it is not correctly percent-encoded UTF-8.'
                    : `${field} ${problem}`;
                  answer = await send(
                    role,
                    route.method,
                    urlOf({ ...base, params: { ...base.params, [field]: text } }),
                    base.body,
                  );
                }
                if (answer.status !== 400 || answer.message[0] !== expected)
                  throw new Error(`expected 400 '${expected}': ${answer.where}`);
              }),
              { numRuns: AIMED_RUNS, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
            );
          }
        }
      }
    }
  }, 600_000);

  it('refuses over-long text in every string position, changing nothing', async () => {
    for (const route of routes) {
      const base = baseOf(route);
      for (const part of ['querystring', 'body'] as Part[]) {
        for (const { path, schema } of stringPositions(schemaOf(route, part))) {
          const field = path.join('.');
          const text = 'x'.repeat(schema.maxLength !== undefined ? schema.maxLength + 1 : 70_000);
          for (const role of AIMED_ROLES) {
            const url = part === 'body' ? urlOf(base) : urlOf({ ...base, query: { ...base.query, [field]: text } });
            const answer = await send(
              role,
              route.method,
              url,
              part === 'body' ? placeAt(base.body, path, text, schemaOf(route, 'body')) : base.body,
            );
            if (
              schema.maxLength !== undefined &&
              (answer.status !== 400 ||
                !answer.message[0].startsWith(`${field} must NOT have more than ${schema.maxLength} characters`))
            ) {
              throw new Error(`expected 400 naming ${field}: ${answer.where}`);
            }
          }
        }
      }
    }
  }, 600_000);

  it('answers wrong types, huge numbers and bad escapes at every position with a 4xx in our shape or a success, never a 5xx', async () => {
    for (const route of routes) {
      const base = baseOf(route);
      const leaves = [
        ...leafPositions(schemaOf(route, 'body')).map(({ path }) => ({ part: 'body' as Part, path })),
        ...Object.keys(base.query).map((key) => ({ part: 'querystring' as Part, path: [key] as Path })),
      ];
      const params = route.url.match(/:[A-Za-z]+/g)?.map((name) => name.slice(1)) ?? [];
      for (const role of AIMED_ROLES) {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.record({
                kind: fc.constant('param' as const),
                name: fc.constantFrom(...(params.length ? params : ['none'])),
                segment: fc.constantFrom(...BAD_PATH_SEGMENTS),
              }),
              fc.record({
                kind: fc.constant('value' as const),
                leaf: fc.constantFrom(
                  ...(leaves.length ? leaves : [{ part: 'body' as Part, path: ['unknown'] as Path }]),
                ),
                value: hostileValue,
              }),
            ),
            async (aimed) => {
              if (aimed.kind === 'param') {
                await send(
                  role,
                  route.method,
                  urlOf(base, params.length ? { param: [aimed.name, aimed.segment] } : {}),
                  base.body,
                );
              } else if (aimed.leaf.part === 'body') {
                await send(
                  role,
                  route.method,
                  urlOf(base),
                  placeAt(base.body ?? {}, aimed.leaf.path, aimed.value, schemaOf(route, 'body')),
                );
              } else {
                const raw =
                  typeof aimed.value === 'string'
                    ? percentEncode(aimed.value)
                    : encodeURIComponent(JSON.stringify(aimed.value) ?? '');
                await send(role, route.method, urlOf(base, { query: [String(aimed.leaf.path[0]), raw] }), base.body);
              }
            },
          ),
          { numRuns: AIMED_VALUE_RUNS, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
        );
      }
    }
  }, 600_000);

  it('holds the fields with rules past their schema to those rules wherever a body has them, changing nothing when refused', async () => {
    let aimedAt = 0;
    for (const route of routes) {
      const base = baseOf(route);
      for (const { path } of stringPositions(schemaOf(route, 'body'))) {
        const rules = FIELD_RULES[String(path[path.length - 1])];
        if (!rules) continue;
        aimedAt += 1;
        const values = [
          ...rules.refused.map(([value, message]) => ({ value, message })),
          ...rules.taken.map((value) => ({ value, message: undefined })),
        ];
        for (const role of AIMED_ROLES) {
          await fc.assert(
            fc.asyncProperty(fc.constantFrom(...values), async ({ value, message }) => {
              const answer = await send(
                role,
                route.method,
                urlOf(base),
                placeAt(base.body, path, value, schemaOf(route, 'body')),
              );
              if (message !== undefined && (answer.status !== 400 || answer.message[0] !== message))
                throw new Error(`expected 400 '${message}': ${answer.where}`);
              if (message === undefined && answer.message.some((text) => /machine name/i.test(text)))
                throw new Error(`a name the rules take was refused: ${answer.where}`);
            }),
            { numRuns: values.length * 2, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
          );
        }
      }
    }
    expect(aimedAt).toBeGreaterThan(0);
  }, 600_000);
});
