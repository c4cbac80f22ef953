import type { Db } from '../db/database';
import { insertEndpoint, insertEvent } from '../webhooks/endpoints';
import { generateSecret } from '../webhooks/signature';
import { webhookDb } from '../webhooks/tables';

interface DemoDelivery {
  type: string;
  object: string;
  /** How long ago the event happened. */
  hoursAgo: number;
  outcome:
    | { status: 'succeeded'; code: number; ms: number; attempts?: number }
    | { status: 'failed'; code: number | null; ms: number; error: string; attempts: number };
}

interface DemoEndpoint {
  path: string;
  eventTypes: string[];
  enabled: boolean;
  deliveries: DemoDelivery[];
}

const HOUR_MS = 3_600_000;

// Each manufacturer's endpoints with a log that has happened already (succeeded or failed, nothing pending), so
// the worker has nothing to send at start-up; what staff do in the demo is then delivered (or retried) for real.
const DEMO_ENDPOINTS: Record<string, DemoEndpoint[]> = {
  aurora: [
    {
      path: 'https://hooks.aurora-audio.example/producthub/licenses',
      eventTypes: [
        'license.created',
        'license.disabled',
        'license.enabled',
        'license.transferred',
        'license.activated',
      ],
      enabled: true,
      deliveries: [
        {
          type: 'webhook.test',
          object: 'webhook_endpoint',
          hoursAgo: 70,
          outcome: { status: 'succeeded', code: 200, ms: 143 },
        },
        {
          type: 'license.created',
          object: 'license',
          hoursAgo: 52,
          outcome: { status: 'failed', code: 500, ms: 212, error: 'HTTP 500', attempts: 15 },
        },
        {
          type: 'license.activated',
          object: 'license',
          hoursAgo: 30,
          outcome: { status: 'succeeded', code: 204, ms: 88 },
        },
        {
          type: 'license.transferred',
          object: 'license',
          hoursAgo: 26,
          outcome: { status: 'succeeded', code: 200, ms: 97, attempts: 2 },
        },
        {
          type: 'license.disabled',
          object: 'license',
          hoursAgo: 5,
          outcome: { status: 'succeeded', code: 204, ms: 61 },
        },
        {
          type: 'license.activated',
          object: 'license',
          hoursAgo: 2,
          outcome: { status: 'succeeded', code: 204, ms: 74 },
        },
      ],
    },
    {
      path: 'https://crm.aurora-audio.example/webhooks/producthub',
      eventTypes: ['end_user.created', 'end_user.updated'],
      enabled: false,
      deliveries: [
        {
          type: 'end_user.created',
          object: 'end_user',
          hoursAgo: 48,
          outcome: { status: 'succeeded', code: 201, ms: 320 },
        },
        {
          type: 'end_user.updated',
          object: 'end_user',
          hoursAgo: 40,
          outcome: { status: 'failed', code: null, ms: 10_000, error: 'No answer within 10000 ms', attempts: 15 },
        },
      ],
    },
  ],
  nimbus: [
    {
      path: 'https://ops.nimbus-instruments.example/hooks/producthub',
      eventTypes: ['release.distributed', 'release.withdrawn', 'trial.started'],
      enabled: true,
      deliveries: [
        {
          type: 'release.distributed',
          object: 'release',
          hoursAgo: 20,
          outcome: { status: 'succeeded', code: 200, ms: 55 },
        },
        { type: 'trial.started', object: 'trial', hoursAgo: 3, outcome: { status: 'succeeded', code: 200, ms: 49 } },
      ],
    },
  ],
};

/** Gives the demo manufacturers webhook endpoints with a realistic delivery log (docs/webhooks.md). */
export async function seedWebhookDemo(
  db: Db,
  masterKey: Buffer,
  manufacturers: { id: number; prefix: string }[],
): Promise<void> {
  const now = Date.now();
  for (const { id: manufacturerId, prefix } of manufacturers) {
    for (const plan of DEMO_ENDPOINTS[prefix] ?? []) {
      const endpoint = await insertEndpoint(db, masterKey, {
        manufacturer_id: manufacturerId,
        url: plan.path,
        secret: generateSecret(),
        event_types: plan.eventTypes,
        enabled: plan.enabled,
      });
      // In time order: the log shows the newest (highest id) first.
      for (const [n, delivery] of plan.deliveries.entries()) {
        const at = new Date(now - delivery.hoursAgo * HOUR_MS);
        const objectId = delivery.object === 'webhook_endpoint' ? endpoint.id : 1000 + n;
        const payload = {
          type: delivery.type,
          timestamp: at.toISOString(),
          data: {
            object: delivery.object,
            id: String(objectId),
            manufacturer_id: manufacturerId,
            actor_system_user_id: null,
            before: null,
            after: null,
          },
        };
        const eventId = await insertEvent(db, manufacturerId, delivery.type, payload);
        const { outcome } = delivery;
        const attempts = outcome.attempts ?? 1;
        await webhookDb(db)
          .insertInto('webhook_deliveries')
          .values({
            event_id: eventId,
            endpoint_id: endpoint.id,
            status: outcome.status,
            attempts,
            response_code: outcome.code,
            duration_ms: outcome.ms,
            last_error: outcome.status === 'failed' ? outcome.error : null,
            created_at: at,
            // The failed ones retried for about a day (docs/webhooks.md, Delivery and retries).
            last_attempt_at: new Date(
              at.getTime() + (outcome.status === 'failed' ? 23 * HOUR_MS : (attempts - 1) * 5_000) + outcome.ms,
            ),
            next_attempt_at: at,
          })
          .execute();
      }
    }
  }
}
