import { sql } from 'kysely';
import type { StoreEventOutcome, StoreName } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { storeDb } from './store-tables';

export interface ReceivedEvent {
  manufacturerId: number;
  store: StoreName;
  eventId: string;
  eventType: string;
}

/** A claim older than this belongs to a delivery that died: the next delivery of the event takes it over. */
const STALE_CLAIM = '2 minutes';

/**
 * Claims a store event for this delivery: a new row `processing`, or a row left by a delivery that died, or one
 * flagged `unmapped` (a redelivery after the vendor added the mapping makes the order). False when another
 * delivery holds or finished it.
 */
export async function claimStoreEvent(db: Db, event: ReceivedEvent): Promise<boolean> {
  const row = await storeDb(db)
    .insertInto('store_events')
    .values({
      manufacturer_id: event.manufacturerId,
      store: event.store,
      event_id: event.eventId,
      event_type: event.eventType,
      outcome: 'processing',
    })
    .onConflict((oc) =>
      oc
        .columns(['manufacturer_id', 'store', 'event_id'])
        .doUpdateSet({ outcome: 'processing', message: null, received_at: sql`now()` })
        .where((eb) =>
          eb.or([
            eb('store_events.outcome', '=', 'unmapped'),
            eb.and([
              eb('store_events.outcome', '=', 'processing'),
              eb('store_events.received_at', '<', sql<Date>`now() - ${STALE_CLAIM}::interval`),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function finishStoreEvent(
  db: Db,
  event: ReceivedEvent,
  outcome: StoreEventOutcome,
  orderId: number | null,
  message: string | null,
): Promise<void> {
  await storeDb(db)
    .updateTable('store_events')
    .set({ outcome, order_id: orderId, message })
    .where('manufacturer_id', '=', event.manufacturerId)
    .where('store', '=', event.store)
    .where('event_id', '=', event.eventId)
    .execute();
}

/** A delivery that failed lets go of its claim, so the store's retry processes the event afresh. */
export async function releaseStoreEvent(db: Db, event: ReceivedEvent): Promise<void> {
  await storeDb(db)
    .deleteFrom('store_events')
    .where('manufacturer_id', '=', event.manufacturerId)
    .where('store', '=', event.store)
    .where('event_id', '=', event.eventId)
    .where('outcome', '=', 'processing')
    .execute();
}

export async function findStoreEvent(db: Db, event: ReceivedEvent) {
  return storeDb(db)
    .selectFrom('store_events')
    .select(['event_id', 'outcome', 'order_id', 'message'])
    .where('manufacturer_id', '=', event.manufacturerId)
    .where('store', '=', event.store)
    .where('event_id', '=', event.eventId)
    .executeTakeFirst();
}

export async function recentStoreEvents(db: Db, manufacturerId: number, store: StoreName, limit: number) {
  return storeDb(db)
    .selectFrom('store_events')
    .select(['id', 'event_id', 'event_type', 'outcome', 'order_id', 'message', 'received_at'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
