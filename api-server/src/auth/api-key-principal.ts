import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  API_KEY_AUTH_SCHEME,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import { HttpError } from '../lib/http-error';
import { apiKeyDb } from './api-key-tables';
import { scopesReach } from './api-key-scopes';
import { consumeRateLimit } from './rate-limits';
import type { PrincipalCache } from './principal';

/** A manufacturer's API key acting within its manufacturer and its scopes (docs/selling.md, "API keys"). */
export interface ApiKeyPrincipal {
  apiKeyId: number;
  apiKeyName: string;
  apiKeyPrefix: string;
  scopes: readonly ApiKeyScope[];
  accessLevel: 'manufacturer';
  manufacturerId: number;
  manufacturerName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a request came with (`Authorization: Bearer …`); then `principal` is null. */
    apiKey: ApiKeyPrincipal | null;
  }
}

/** One answer for a wrong, revoked or expired key: which one it was is no business of the caller. */
export const INVALID_API_KEY = 'The API key is not valid.';
export const outOfScope = (scopes: readonly ApiKeyScope[]) =>
  `This API key cannot do this: its scopes (${scopes.join(', ')}) do not cover this request.`;

/** A key's last use is written at most this often, not on every request. */
export const LAST_USE_WRITE_INTERVAL_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest();

/** True when the request carries `Authorization: Bearer …` (whatever follows). */
export function carriesApiKey(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return header !== undefined && /^\s*bearer(\s|$)/i.test(header);
}

function keyOf(request: FastifyRequest): string | undefined {
  const [scheme, key, extra] = (request.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== API_KEY_AUTH_SCHEME.toLowerCase() || extra !== undefined) return undefined;
  return key !== undefined && API_KEY_PATTERN.test(key) ? key : undefined;
}

/** The cache's key of a key's principal, apart from every session's token hash. */
const cacheKeyOf = (hash: Buffer) => `api_key:${hash.toString('hex')}`;

async function readKey(db: Db, cache: PrincipalCache | undefined, key: string, hash: Buffer) {
  const ticket = cache?.ticket() ?? 0;
  const row = await apiKeyDb(db)
    .selectFrom('api_keys')
    .innerJoin('manufacturers', 'manufacturers.id', 'api_keys.manufacturer_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.secret_hash',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.manufacturer_id',
      'manufacturers.name as manufacturer_name',
    ])
    .where('api_keys.prefix', '=', key.slice(0, API_KEY_PREFIX_LENGTH))
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!row || row.secret_hash.length !== hash.length || !timingSafeEqual(row.secret_hash, hash)) return undefined;
  const principal: ApiKeyPrincipal = Object.freeze({
    apiKeyId: row.id,
    apiKeyName: row.name,
    apiKeyPrefix: row.prefix,
    scopes: row.scopes.filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope)),
    accessLevel: 'manufacturer',
    manufacturerId: row.manufacturer_id,
    manufacturerName: row.manufacturer_name,
  });
  cache?.set(cacheKeyOf(hash), ticket, {
    principal,
    sessionId: null,
    systemUserId: null,
    apiKeyId: row.id,
    manufacturerId: row.manufacturer_id,
    expiresAt: row.expires_at?.getTime() ?? Number.POSITIVE_INFINITY,
  });
  return principal;
}

/** Per database, when each key's last use was last written by this instance (the statement skips others' too). */
const lastUseWrites = new WeakMap<Db, Map<number, number>>();

async function recordUse(db: Db, principal: ApiKeyPrincipal, address: string): Promise<void> {
  const now = Date.now();
  const lastUseWritten = lastUseWrites.get(db) ?? new Map<number, number>();
  lastUseWrites.set(db, lastUseWritten);
  if (now - (lastUseWritten.get(principal.apiKeyId) ?? 0) < LAST_USE_WRITE_INTERVAL_MS) return;
  lastUseWritten.set(principal.apiKeyId, now);
  if (lastUseWritten.size > 10_000) lastUseWritten.delete(lastUseWritten.keys().next().value as number);
  await apiKeyDb(db)
    .insertInto('api_key_uses')
    .values({ api_key_id: principal.apiKeyId, last_used_at: sql<Date>`now()`, last_used_address: address })
    .onConflict((oc) =>
      oc
        .column('api_key_id')
        .doUpdateSet({ last_used_at: sql<Date>`now()`, last_used_address: address })
        .where('api_key_uses.last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
    )
    .execute();
}

export interface ApiKeyAuthentication {
  db: Db;
  cache?: PrincipalCache;
  /** Refused keys per network address per minute before the answer becomes 429 (guessing is throttled). */
  failuresPerAddressPerMinute: number;
}

/**
 * Authenticates a request that carries `Authorization: Bearer <key>`: a live key of the right secret, then a route
 * its scopes reach. A refused key counts against its address; over the limit the answer is 429 with Retry-After.
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, cache, failuresPerAddressPerMinute }: ApiKeyAuthentication,
): Promise<ApiKeyPrincipal> {
  const key = keyOf(request);
  const hash = key === undefined ? undefined : hashApiKey(key);
  let principal: ApiKeyPrincipal | undefined;
  if (key !== undefined && hash !== undefined) {
    const cached = cache?.get(cacheKeyOf(hash));
    principal = cached && 'apiKeyId' in cached ? cached : await readKey(db, cache, key, hash);
  }
  if (!principal) {
    const decision = await consumeRateLimit(db, {
      bucket: `api-key:address:${request.ip}`,
      limit: failuresPerAddressPerMinute,
      windowSeconds: 60,
    });
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.retryAfterSeconds));
      throw new HttpError(
        429,
        `Too many refused API keys from this address. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
      );
    }
    throw new HttpError(401, INVALID_API_KEY);
  }
  if (!scopesReach(principal.scopes, request.method, request.routeOptions.url ?? ''))
    throw new HttpError(403, outOfScope(principal.scopes));
  await recordUse(db, principal, request.ip);
  return principal;
}
