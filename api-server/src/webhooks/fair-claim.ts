import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  event_id: string;
  payload: unknown;
  created_at: Date;
  url: string;
  secret_encrypted: string;
  manufacturer_id: number;
}

export interface FairClaim {
  /** Free sending slots: at most this many deliveries are claimed. */
  free: number;
  /** Deliveries one manufacturer may have in flight on this worker. */
  perManufacturer: number;
  /** Each manufacturer's deliveries this worker has in flight now. */
  busy: ReadonlyMap<number, number>;
  leaseMs: number;
}

/**
 * Claims due deliveries in turns: every manufacturer's oldest due one first, then every manufacturer's second, …,
 * and none of a manufacturer beyond its room (perManufacturer minus what it has in flight). So a tenant whose
 * endpoint never answers holds at most perManufacturer slots and a backlog of one tenant never queues another's
 * behind it. Each enabled endpoint offers its perManufacturer oldest due rows (an index probe each), so the turn
 * numbering sorts only those. A claimed row gets the outbox lease as in outbox/claim.ts: skipped by other workers
 * (SKIP LOCKED), due again only if this worker dies before recording its attempt.
 */
export async function claimFairly(db: Db, claim: FairClaim): Promise<ClaimedDelivery[]> {
  if (claim.free <= 0) return [];
  const busyIds = [...claim.busy.keys()];
  const busyCounts = busyIds.map((id) => claim.busy.get(id)!);
  const result = await sql<ClaimedDelivery>`
    WITH candidates AS (
      SELECT c.id, c.next_attempt_at,
        row_number() OVER (PARTITION BY ep.manufacturer_id ORDER BY c.next_attempt_at, c.id) AS turn,
        ${claim.perManufacturer} - coalesce(b.busy, 0) AS room
      FROM webhook_endpoints ep
      LEFT JOIN unnest(${busyIds}::integer[], ${busyCounts}::integer[]) AS b(manufacturer_id, busy)
        ON b.manufacturer_id = ep.manufacturer_id
      CROSS JOIN LATERAL (
        SELECT o.id, o.next_attempt_at FROM webhook_deliveries o
        WHERE o.endpoint_id = ep.id AND o.status = 'pending' AND o.next_attempt_at <= now()
        ORDER BY o.next_attempt_at
        LIMIT ${claim.perManufacturer}
      ) c
      WHERE ep.enabled
    ), due AS (
      SELECT o.id FROM webhook_deliveries o JOIN candidates c ON c.id = o.id
      WHERE c.turn <= c.room AND o.status = 'pending' AND o.next_attempt_at <= now()
      ORDER BY c.turn, c.next_attempt_at, c.id
      LIMIT ${claim.free}
      FOR UPDATE OF o SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries o
      SET attempts = o.attempts + 1, next_attempt_at = now() + ${claim.leaseMs} * interval '1 millisecond', last_attempt_at = now()
      FROM due WHERE o.id = due.id
      RETURNING o.*
    )
    SELECT claimed.id, claimed.attempts, claimed.event_id, e.payload, e.created_at, ep.url, ep.secret_encrypted, ep.manufacturer_id
    FROM claimed
    JOIN webhook_events e ON e.id = claimed.event_id
    JOIN webhook_endpoints ep ON ep.id = claimed.endpoint_id`.execute(db);
  return result.rows;
}
