import { DEMO_STAFF } from './support/server-process';
import { UPSTREAM_HEADER } from './support/round-robin-proxy';
import { startTwoInstances, type TwoInstances } from './support/two-instances';

// Passes because the login limiter keeps its counts in PostgreSQL:
// with a limiter in each process, 12 attempts spread over two instances are 6 per instance and never reach 10.
const LIMIT = 10;
const ATTEMPTS = 12;

describe('two instances behind one address: the login limit counts across both', () => {
  let cluster: TwoInstances;
  beforeAll(async () => {
    // Only the per-account limit is under test here: the per-address one is set out of reach.
    cluster = await startTwoInstances({
      PRODUCTHUB_LOGIN_RATE_LIMIT: String(LIMIT),
      PRODUCTHUB_LOGIN_ADDRESS_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it(`${ATTEMPTS} bad logins for one account, taken in turn by both instances, hit the limit of ${LIMIT}`, async () => {
    const answers: { status: number; upstream: string | null }[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const response = await fetch(`${cluster.proxy.url}/api/v1/systemusers/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO_STAFF.email, password: `not-the-password-${attempt}` }),
      });
      await response.arrayBuffer();
      answers.push({ status: response.status, upstream: response.headers.get(UPSTREAM_HEADER) });
    }
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['0', '1']));
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(LIMIT).fill(401),
      ...Array(ATTEMPTS - LIMIT).fill(429),
    ]);
  });
});
