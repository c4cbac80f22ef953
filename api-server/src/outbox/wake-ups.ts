import { sql } from 'kysely';
import { listenWithReconnect, type Listening } from '../db/listen-with-reconnect';

/**
 * Tells every instance's worker of an outbox that a row was written: `pg_notify` inside the writing transaction is
 * delivered only when it commits (and once per transaction, however many rows it wrote), so a worker woken by it
 * finds the row. Use it as a column of the statement that writes the row, to spend no extra round trip.
 */
export const outboxWakeUp = (channel: string) => sql<string>`pg_notify(${channel}, '')`;

/**
 * LISTENs on one dedicated connection of this instance and calls the wake-up of the channel a notification names.
 * On every (re)connect each outbox is woken once, since notifications sent while the connection was down are lost;
 * the workers' polls stay the fallback meanwhile.
 */
export function listenForOutboxWakeUps(
  connectionString: string,
  wakeUps: Record<string, () => void>,
  onError: (error: unknown) => void = () => undefined,
  reconnectMs = 1_000,
): Listening {
  let closed = false;
  const listening = listenWithReconnect(
    connectionString,
    Object.keys(wakeUps),
    {
      onNotification: (channel) => wakeUps[channel]?.(),
      onListening: () => Object.values(wakeUps).forEach((wake) => wake()),
      onLost: (error) => {
        if (error && !closed) onError(error);
      },
    },
    reconnectMs,
  );
  return {
    close: () => {
      closed = true;
      return listening.close();
    },
  };
}
