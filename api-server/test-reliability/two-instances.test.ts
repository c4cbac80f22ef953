import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { MASTER_KEY_MISMATCH } from '../src/crypto/master-key-check';
import { DEMO_STAFF, freePortPair, login, startServer, type ServerProcess } from './support/server-process';
import { UPSTREAM_HEADER } from './support/round-robin-proxy';
import { startTwoInstances, type TwoInstances } from './support/two-instances';

const KILLS = Number(process.env.PRODUCTHUB_TWO_INSTANCE_KILLS || 3);
const WORKERS = 6;
const LOAD_BEFORE_KILL_MS = 1200;

interface Outcome {
  kind: string;
  method: string;
  status: number;
  upstream: number | undefined;
}

interface Kill {
  victim: number;
  /** When SIGKILL was sent, and when the process was seen gone. */
  at: number;
  exitedAt: number;
}

const authorised = (token: string) => ({ Authorization: `MSession ${token}`, 'Content-Type': 'application/json' });

describe('two instances on one database behind a round-robin proxy', () => {
  let cluster: TwoInstances;
  const directUrl = (index: number) => `http://127.0.0.1:${cluster.ports[index]}`;

  beforeAll(async () => {
    cluster = await startTwoInstances();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const query = async <R extends object>(text: string): Promise<R[]> => {
    const client = new Client({ connectionString: cluster.database.connectionString });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('started together on an empty database, they migrate and seed it once', async () => {
    const [counts] = await query<{ superusers: string; manufacturers: string }>(
      "SELECT (SELECT count(*) FROM system_users WHERE access_level = 'superuser') AS superusers, (SELECT count(*) FROM manufacturers) AS manufacturers",
    );
    expect(counts).toEqual({ superusers: '1', manufacturers: '2' });
  });

  it.each([
    [0, 1],
    [1, 0],
  ])('a logout through instance %i is refused (401) on instance %i within one second', async (from, other) => {
    const token = await login(directUrl(from), DEMO_STAFF.email, DEMO_STAFF.password);
    const me = () => fetch(`${directUrl(other)}/api/v1/systemusers/me`, { headers: authorised(token) });
    // Twice, so the other instance answers from its session cache: only the notification can evict it there.
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    const logout = await fetch(`${directUrl(from)}/api/v1/systemusers/logout`, {
      method: 'POST',
      headers: { Authorization: `MSession ${token}` },
    });
    expect(logout.status).toBe(204);
    const loggedOutAt = Date.now();
    let status = 0;
    while (Date.now() - loggedOutAt <= 1000) {
      status = (await me()).status;
      if (status === 401) break;
      await sleep(20);
    }
    expect({ status, withinOneSecond: Date.now() - loggedOutAt <= 1000 }).toEqual({
      status: 401,
      withinOneSecond: true,
    });
  });

  it('one build file uploaded to both instances at once, one corrupt copy among them, is stored whole on the shared storage', async () => {
    const token = await login(directUrl(0), DEMO_STAFF.email, DEMO_STAFF.password);
    const headers = authorised(token);
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    const installer = randomBytes(2 * 1024 * 1024);
    const corrupt = Buffer.from(installer);
    corrupt[corrupt.length - 1] ^= 0xff;
    const readme = Buffer.from('Installed from the shared storage.\n');
    const products = (
      (await (await fetch(`${directUrl(0)}/api/v1/products?per_page=1`, { headers })).json()) as {
        data: { id: number }[];
      }
    ).data;
    const builds = `/api/v1/products/${products[0].id}/builds`;
    const declared = await fetch(`${directUrl(0)}${builds}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        os: 'macOS',
        major: 9,
        minor: 9,
        revision: 9,
        build_number: 9009,
        files: [
          { name: 'Shared Installer.pkg', size: installer.length, sha256: sha256(installer) },
          { name: 'README.txt', size: readme.length, sha256: sha256(readme) },
        ],
      }),
    });
    expect(declared.status).toBe(201);
    const buildId = ((await declared.json()) as { id: number }).id;
    const upload = (instance: number, name: string, data: Buffer) =>
      fetch(`${directUrl(instance)}${builds}/${buildId}/files/${encodeURIComponent(name)}`, {
        method: 'PUT',
        headers: { Authorization: `MSession ${token}`, 'Content-Type': 'application/octet-stream' },
        body: new Uint8Array(data),
      }).then((response) => response.status);

    const statuses = await Promise.all([
      upload(0, 'Shared Installer.pkg', installer),
      upload(1, 'Shared Installer.pkg', installer),
      upload(1, 'Shared Installer.pkg', corrupt),
      upload(0, 'Shared Installer.pkg', installer),
    ]);
    expect(statuses).toEqual([200, 200, 400, 200]);
    // Uploaded through one instance, confirmed and downloaded through the other: only a shared storage has it there.
    expect(await upload(0, 'README.txt', readme)).toBe(200);
    const confirmed = await fetch(`${directUrl(1)}${builds}/${buildId}/confirm`, {
      method: 'POST',
      headers: { Authorization: `MSession ${token}` },
    });
    expect(confirmed.status).toBe(200);
    for (const instance of [0, 1]) {
      for (const [name, data] of [
        ['Shared Installer.pkg', installer],
        ['README.txt', readme],
      ] as const) {
        const download = await fetch(`${directUrl(instance)}${builds}/${buildId}/files/${encodeURIComponent(name)}`, {
          headers,
        });
        expect({
          instance,
          name,
          status: download.status,
          sha256: sha256(Buffer.from(await download.arrayBuffer())),
        }).toEqual({
          instance,
          name,
          status: 200,
          sha256: sha256(data),
        });
      }
    }
    expect(readdirSync(join(cluster.sharedEnv.PRODUCTHUB_STORAGE_DIR, 'builds', String(buildId))).sort()).toEqual([
      'README.txt',
      'Shared Installer.pkg',
    ]);
  });

  it(`keeps every acknowledged write and keeps answering while one instance is killed with kill -9, ${KILLS} times`, async () => {
    const { proxy } = cluster;
    const token = await login(proxy.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const headers = authorised(token);
    const get = (path: string) => fetch(`${proxy.url}/api/v1${path}`, { headers });
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${proxy.url}/api/v1${path}`, { method, headers, body: JSON.stringify(body) });
    const products = ((await (await get('/products?per_page=100')).json()) as { data: { id: number }[] }).data;
    const licenses = (
      (await (await get(`/products/${products[0].id}/licenses?per_page=100`)).json()) as {
        data: { id: number; disabled: boolean }[];
      }
    ).data;
    const activationLicense = licenses.filter((license) => !license.disabled)[0].id;

    const mix: { kind: string; method: string; run: (tag: string) => Promise<Response>; acknowledged?: number }[] = [
      { kind: 'list products', method: 'GET', run: () => get('/products?page=1&per_page=25') },
      { kind: 'search users', method: 'GET', run: () => get('/users?email=user0&per_page=25') },
      { kind: 'me', method: 'GET', run: () => get('/systemusers/me') },
      {
        kind: 'manufacturer phone',
        method: 'PATCH',
        run: (tag) => send('PATCH', '/manufacturers/1', { phone: tag }),
        acknowledged: 200,
      },
      {
        kind: 'new end user',
        method: 'POST',
        run: (tag) => send('POST', '/users', { email: `${tag}@two.example` }),
        acknowledged: 201,
      },
      {
        kind: 'activation',
        method: 'POST',
        run: (tag) =>
          send('POST', `/licenses/${activationLicense}/activations`, {
            hardware_fingerprint: tag,
            hardware_fingerprint_version: 2,
            signature_seed_version: 5,
          }),
        acknowledged: 201,
      },
    ];
    const outcomes: Outcome[] = [];
    const acknowledged = new Map<string, string[]>(mix.map((entry) => [entry.kind, []]));
    let sequence = 0;
    let loading = true;
    const workers = Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (loading) {
          const n = (sequence += 1);
          const entry = mix[n % mix.length];
          const tag = `two-${n}`;
          const response = await entry.run(tag).catch(() => undefined);
          await response?.arrayBuffer().catch(() => undefined);
          const upstream = response?.headers.get(UPSTREAM_HEADER);
          outcomes.push({
            kind: entry.kind,
            method: entry.method,
            status: response?.status ?? 0,
            upstream: upstream ? Number(upstream) : undefined,
          });
          if (response?.status === entry.acknowledged) acknowledged.get(entry.kind)!.push(tag);
        }
      }),
    );

    const kills: Kill[] = [];
    const survivorAnswers: number[] = [];
    try {
      for (let k = 0; k < KILLS; k++) {
        await sleep(LOAD_BEFORE_KILL_MS);
        const victim = k % 2;
        const survivor = 1 - victim;
        const killed = cluster.instances[victim];
        const at = Date.now();
        killed.child.kill('SIGKILL');
        await killed.exited;
        kills.push({ victim, at, exitedAt: Date.now() });
        // The survivor, asked directly while the victim is down and coming back: it must answer every time.
        let down = true;
        const probing = (async () => {
          while (down) {
            const response = await fetch(`${directUrl(survivor)}/api/v1/systemusers/me`, { headers }).catch(
              () => undefined,
            );
            survivorAnswers.push(response?.status ?? 0);
            await sleep(100);
          }
        })();
        await cluster.start(victim).finally(() => (down = false));
        await probing;
      }
      await sleep(LOAD_BEFORE_KILL_MS);
    } finally {
      loading = false;
      await workers;
    }

    const [{ phones, emails, fingerprints }] = await query<{
      phones: string[];
      emails: string[];
      fingerprints: string[];
    }>(`
      SELECT
        ARRAY(SELECT after->>'phone' FROM audit_log WHERE entity_type = 'manufacturer' AND entity_id = '1') AS phones,
        ARRAY(SELECT email FROM end_users WHERE email LIKE 'two-%') AS emails,
        ARRAY(SELECT hardware_fingerprint FROM license_activations WHERE hardware_fingerprint LIKE 'two-%') AS fingerprints`);
    const durable = {
      'manufacturer phone': new Set(phones),
      'new end user': new Set(emails.map((email) => email.replace('@two.example', ''))),
      activation: new Set(fingerprints),
    };
    const lost = Object.entries(durable).flatMap(([kind, stored]) =>
      acknowledged
        .get(kind)!
        .filter((tag) => !stored.has(tag))
        .map((tag) => `${kind} ${tag}`),
    );

    const summary = {
      requests: outcomes.length,
      servedByInstance: proxy.served,
      retriedOnTheOtherInstance: proxy.retried,
      acknowledgedWrites: Object.fromEntries(
        Object.keys(durable).map((kind) => [kind, acknowledged.get(kind)!.length]),
      ),
      lostInFlight: proxy.failures.length,
      survivorProbes: survivorAnswers.length,
      kills,
      failures: proxy.failures,
    };
    console.log(`two instances, ${KILLS} kills:\n${JSON.stringify(summary, null, 2)}`);

    expect(lost).toEqual([]);
    for (const kind of Object.keys(durable)) expect(acknowledged.get(kind)!.length).toBeGreaterThan(0);
    expect(proxy.served.every((count) => count > 0)).toBe(true);
    // The survivor answered every probe while the other instance was down.
    expect(survivorAnswers.length).toBeGreaterThan(0);
    expect(survivorAnswers.filter((status) => status !== 200)).toEqual([]);
    // Every answer but the lost in-flight writes is a success: reads never fail (retried), nor do writes that
    // found an instance dead before reaching it.
    const refused = outcomes.filter(
      (outcome) => outcome.status !== 502 && (outcome.status === 0 || outcome.status >= 400),
    );
    expect(refused).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 502).length).toBe(proxy.failures.length);
    // Only requests in flight on a killed instance may fail: writes that had reached the victim before it was
    // gone (SIGKILL is not instant: a dying process still accepts connections for some milliseconds).
    const unexplained = proxy.failures.filter(
      (failure) =>
        failure.method === 'GET' ||
        !failure.sent ||
        !kills.some(
          (kill) =>
            kill.victim === failure.upstream && failure.startedAt <= kill.exitedAt && failure.failedAt >= kill.at,
        ),
    );
    expect(unexplained).toEqual([]);
  });

  it('an instance with another master key refuses to start instead of failing every activation', async () => {
    const { port } = freePortPair();
    let started: ServerProcess | undefined;
    const failure = await startServer({
      ...cluster.envOf(0),
      PORT: String(port),
      PRODUCTHUB_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    }).then(
      (server) => {
        started = server;
        return '';
      },
      (error: Error) => error.message,
    );
    started?.child.kill('SIGTERM');
    expect(failure).toContain(MASTER_KEY_MISMATCH);
  });
});
