import { listenWithReconnect } from '../db/listen-with-reconnect';
import { PRINCIPAL_CHANGES_CHANNEL } from '../db/migrations/0003-principal-change-notifications';

/** What a cached session (or API key) stands for: the principal's fields plus the ids a change notification names. */
export interface CachedSession<P> {
  principal: P;
  sessionId: number | null;
  systemUserId: number | null;
  /** An API key's principal (migration 0030): null or absent for a session. */
  apiKeyId?: number | null;
  manufacturerId: number | null;
  /** The session's own end (ms since the epoch): the earlier of its absolute and its idle expiry. */
  expiresAt: number;
}

interface Entry<P> extends CachedSession<P> {
  validUntil: number;
}

export interface SessionCache<P> {
  /** The cached session of a token hash, or undefined (not cached, stale, or the cache is not trusted now). */
  get(tokenHash: string): P | undefined;
  /** A ticket taken before reading a session from the database; `set` ignores the row if anything changed since. */
  ticket(): number;
  set(tokenHash: string, ticket: number, session: CachedSession<P>): void;
  /** Forgets a session at once in this process (logout), before its notification comes back. */
  evictSession(sessionId: number): void;
  /** Forgets an API key at once in this process (revoked), before its notification comes back. */
  evictApiKey(apiKeyId: number): void;
  /** True while the change listener is connected (only then does the cache answer). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface SessionCacheOptions {
  /** How long a cached session is trusted at most, even with the listener up. */
  ttlMs?: number;
  maxEntries?: number;
  /** Wait before reconnecting a lost listener. */
  reconnectMs?: number;
}

/**
 * An in-process cache of token hash → principal, so most requests skip the session query. Correctness rests on
 * the database announcing every change that can end or alter a principal (migration 0003): this cache LISTENs
 * on its own connection and evicts what a notification names. While that connection is down (not yet
 * connected, lost, reconnecting), the cache answers nothing and keeps nothing, so every request reads the
 * database; on reconnecting it starts empty, since notifications may have been missed meanwhile.
 *
 * A read that raced a change (read before the change committed, stored after its notification arrived) would
 * cache a dead session: `ticket()` is a generation counter bumped by every notification, and `set` drops a row
 * whose ticket is older than the current generation.
 */
export function createSessionCache<P>(connectionString: string, options: SessionCacheOptions = {}): SessionCache<P> {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const reconnectMs = options.reconnectMs ?? 1_000;
  const entries = new Map<string, Entry<P>>();
  let generation = 0;
  let listening = false;

  const distrust = () => {
    listening = false;
    generation++;
    entries.clear();
  };

  const evict = (matches: (entry: Entry<P>) => boolean) => {
    generation++;
    for (const [hash, entry] of entries) if (matches(entry)) entries.delete(hash);
  };

  const onNotification = (payload: string | undefined) => {
    const [kind, rawId] = (payload ?? '').split(':');
    const id = Number(rawId);
    if (kind === 'session') evict((entry) => entry.sessionId === id);
    else if (kind === 'user') evict((entry) => entry.systemUserId === id);
    else if (kind === 'manufacturer') evict((entry) => entry.manufacturerId === id);
    else if (kind === 'api_key') evict((entry) => entry.apiKeyId === id);
    else evict(() => true);
  };

  const listener = listenWithReconnect(
    connectionString,
    [PRINCIPAL_CHANGES_CHANNEL],
    {
      onNotification: (channel, payload) => {
        if (channel === PRINCIPAL_CHANGES_CHANNEL) onNotification(payload);
      },
      onListening: () => {
        // Anything cached before this point may have missed a notification.
        entries.clear();
        generation++;
        listening = true;
      },
      onLost: distrust,
    },
    reconnectMs,
  );

  return {
    get(tokenHash) {
      if (!listening) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const now = Date.now();
      if (now >= entry.validUntil || now >= entry.expiresAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.principal;
    },
    ticket: () => generation,
    set(tokenHash, ticket, session) {
      if (!listening || ticket !== generation) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { ...session, validUntil: Date.now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    evictSession(sessionId) {
      evict((entry) => entry.sessionId === sessionId);
    },
    evictApiKey(apiKeyId) {
      evict((entry) => entry.apiKeyId === apiKeyId);
    },
    listening: () => listening,
    async close() {
      distrust();
      await listener.close();
    },
  };
}
