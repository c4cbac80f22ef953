import { sql } from 'kysely';
import { Client } from 'pg';

/**
 * Tells every instance's worker of an outbox that a row was written: `pg_notify` inside the writing transaction is
 * delivered only when it commits (and once per transaction, however many rows it wrote), so a worker woken by it
 * finds the row. Use it as a column of the statement that writes the row, to spend no extra round trip.
 */
export const outboxWakeUp = (channel: string) => sql<string>`pg_notify(${channel}, '')`;

export interface OutboxWakeUps {
  close: () => Promise<void>;
}

/**
 * LISTENs on one dedicated connection of this instance and calls the wake-up of the channel a notification names.
 * A lost connection is reconnected after `reconnectMs`; on every (re)connect each outbox is woken once, since
 * notifications sent meanwhile are lost. The workers' polls stay the fallback while it is down.
 */
export function listenForOutboxWakeUps(
  connectionString: string,
  wakeUps: Record<string, () => void>,
  onError: (error: unknown) => void = () => undefined,
  reconnectMs = 1_000,
): OutboxWakeUps {
  const channels = Object.keys(wakeUps);
  let closed = false;
  let client: Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const listener = new Client({ connectionString });
    client = listener;
    const lost = (error?: unknown) => {
      if (client !== listener) return;
      client = undefined;
      if (error && !closed) onError(error);
      listener.end().catch(() => undefined);
      if (closed || reconnectTimer) return;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        void connect();
      }, reconnectMs);
      reconnectTimer.unref();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', (message) => wakeUps[message.channel]?.());
    try {
      await listener.connect();
      for (const channel of channels) await listener.query(`LISTEN ${listener.escapeIdentifier(channel)}`);
      if (client !== listener || closed) return;
      for (const channel of channels) wakeUps[channel]();
    } catch (error) {
      lost(error);
    }
  };

  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const listener = client;
      client = undefined;
      await listener?.end().catch(() => undefined);
    },
  };
}
