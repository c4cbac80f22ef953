import { Client } from 'pg';

export interface ListenHandlers {
  onNotification: (channel: string, payload: string | undefined) => void;
  /** Listening (again) on every channel: notifications sent while the connection was down are lost. */
  onListening: () => void;
  /** The connection was lost or could not be made (with the error, if any); it is tried again after a pause. */
  onLost: (error?: unknown) => void;
}

export interface Listening {
  close: () => Promise<void>;
}

/**
 * LISTENs to `channels` on one dedicated connection of its own, reconnecting `reconnectMs` after it is lost, until
 * closed. What a lost connection means (distrust a cache, wake an outbox) is the caller's, in its handlers.
 */
export function listenWithReconnect(
  connectionString: string,
  channels: readonly string[],
  handlers: ListenHandlers,
  reconnectMs = 1_000,
): Listening {
  let closed = false;
  let client: Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectMs);
    reconnectTimer.unref();
  };

  const connect = async () => {
    const listener = new Client({ connectionString });
    client = listener;
    const lost = (error?: unknown) => {
      if (client !== listener) return;
      client = undefined;
      handlers.onLost(error);
      listener.end().catch(() => undefined);
      scheduleReconnect();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', (message) => handlers.onNotification(message.channel, message.payload));
    try {
      await listener.connect();
      for (const channel of channels) await listener.query(`LISTEN ${listener.escapeIdentifier(channel)}`);
      if (client !== listener || closed) return;
      handlers.onListening();
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
