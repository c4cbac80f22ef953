import { createTestApp, type TestApp } from '../support/test-app';
import { createTenants } from '../support/fixtures';
import { startReceiver, type Receiver } from './loopback-receiver';

export interface TenantsAndReceiver {
  t: TestApp;
  tenants: Awaited<ReturnType<typeof createTenants>>;
  receiver: Receiver;
}

/**
 * A test app with two tenants and a loopback receiver, for a suite's beforeAll. Webhooks may reach 127.0.0.1 until
 * `stopTenantsAndReceiver`: the SSRF guard would refuse the receiver otherwise.
 */
export async function startTenantsAndReceiver(): Promise<TenantsAndReceiver> {
  process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE = 'true';
  const t = await createTestApp();
  return { t, tenants: await createTenants(t.app, t.db), receiver: await startReceiver() };
}

export async function stopTenantsAndReceiver({ t, receiver }: Partial<TenantsAndReceiver>) {
  delete process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE;
  await receiver?.close();
  await t?.close();
}
