import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { webhookDb } from '../src/webhooks/tables';
import { appForSuite } from './support/test-app';
import { demoStaffSession, seedDemo } from './support/demo-fixtures';
import { auth } from './support/fixtures';

jest.setTimeout(60_000);

type Delivery = {
  event_type: string;
  status: string;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  created_at: string;
};

describe('the demo data: webhook endpoints with a delivery log', () => {
  const suite = appForSuite(seedDemo);

  async function endpointsOf(staff: (typeof DEMO_LOGINS)[number]) {
    const { token, manufacturerPath } = await demoStaffSession(suite.t, staff);
    const base = `${manufacturerPath}/webhook-endpoints`;
    const endpoints = (await suite.t.app.inject({ method: 'GET', url: base, headers: auth(token) })).json().data as {
      id: number;
      url: string;
      enabled: boolean;
    }[];
    const logs = await Promise.all(
      endpoints.map(
        async (endpoint) =>
          (
            await suite.t.app.inject({ method: 'GET', url: `${base}/${endpoint.id}/deliveries`, headers: auth(token) })
          ).json().data as Delivery[],
      ),
    );
    return endpoints.map((endpoint, n) => ({ ...endpoint, log: logs[n] }));
  }

  it('gives Aurora Audio an enabled and a paused endpoint whose logs hold successes and failures with their errors, newest first', async () => {
    const [licenses, crm] = await endpointsOf(DEMO_LOGINS[1]);
    expect(licenses).toMatchObject({ url: 'https://hooks.aurora-audio.example/producthub/licenses', enabled: true });
    expect(crm).toMatchObject({ enabled: false });
    expect(licenses.log.map((delivery) => delivery.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
      'failed',
      'succeeded',
    ]);
    expect(licenses.log[4]).toMatchObject({
      event_type: 'license.created',
      attempts: 15,
      response_code: 500,
      last_error: 'HTTP 500',
    });
    expect(crm.log[0]).toMatchObject({
      status: 'failed',
      response_code: null,
      last_error: 'No answer within 10000 ms',
    });
    const times = licenses.log.map((delivery) => Date.parse(delivery.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('gives Nimbus Instruments an endpoint of its own and leaves nothing pending for the worker', async () => {
    const [ops] = await endpointsOf(DEMO_LOGINS[2]);
    expect(ops.log.map((delivery) => delivery.event_type)).toEqual(['trial.started', 'release.distributed']);
    const pending = await webhookDb(suite.t.db)
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });
});
