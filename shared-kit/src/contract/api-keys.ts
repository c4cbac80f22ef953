import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp, Timestamps } from './common';

/**
 * What a key may do (docs/selling.md, "API keys"): `read` the manufacturer's lists, exports and details;
 * `builds:upload` create, upload and confirm builds; `orders:write` the order routes.
 */
export const API_KEY_SCOPES = ['read', 'builds:upload', 'orders:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The Authorization scheme of a key: `Authorization: Bearer phk_live_…`. */
export const API_KEY_AUTH_SCHEME = 'Bearer';
/**
 * A key is `phk_live_` followed by 48 characters of base64url (36 random bytes). The first 8 of them, with
 * `phk_live_`, are its prefix: shown in the console so a key can be recognised, never enough to use it.
 */
export const API_KEY_TAG = 'phk_live_';
export const API_KEY_BODY_LENGTH = 48;
export const API_KEY_PREFIX_LENGTH = API_KEY_TAG.length + 8;
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_TAG}[A-Za-z0-9_-]{${API_KEY_BODY_LENGTH}}$`);
/** Unrevoked keys a manufacturer may hold at once. */
export const API_KEYS_PER_MANUFACTURER = 50;
export const API_KEY_NAME_MAX_LENGTH = 100;

export const ApiKeyScopeSchema = Type.Union(API_KEY_SCOPES.map((scope) => Type.Literal(scope)));

export const ApiKeyParams = Type.Object({ id: Id, keyId: Id });

export const ApiKey = Type.Object({
  id: Type.Integer(),
  manufacturer_id: Type.Integer(),
  name: Text(),
  prefix: Text(),
  scopes: Type.Array(ApiKeyScopeSchema),
  expires_at: Type.Union([Timestamp, Type.Null()]),
  revoked_at: Type.Union([Timestamp, Type.Null()]),
  last_used_at: Type.Union([Timestamp, Type.Null()]),
  last_used_address: Type.Union([Text(), Type.Null()]),
  created_by: Type.Union([Text(), Type.Null()]),
  ...Timestamps,
});
export type ApiKey = Static<typeof ApiKey>;
/** The create answer: the only time the secret is shown. */
export const CreatedApiKey = Type.Intersect([ApiKey, Type.Object({ secret: Text() })]);
export type CreatedApiKey = Static<typeof CreatedApiKey>;
export const ApiKeyList = Type.Object({ data: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH }),
    scopes: Type.Array(ApiKeyScopeSchema, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
    expires_at: Type.Optional(
      Type.Union([Text({ format: 'date-time', description: 'When the key stops working; null never.' }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;
