// Owned by the licence-policies area (docs/licensing.md): a product's features and editions, its policy per licence
// type, and the terms a licence carries.
import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { Id, Text, Timestamp, Timestamps } from './common';
import { LicenseTypeSchema } from './licenses';

/** A feature's key as a plugin asks for it (`hasFeature('surround')`): lower case, a letter first, at most 32. */
export const FEATURE_KEY_PATTERN = '^[a-z][a-z0-9_-]{0,31}$';
export const FEATURE_LABEL_MAX_LENGTH = 100;
export const EDITION_NAME_MAX_LENGTH = 100;
/** The most features one product defines (and so one edition holds). */
export const FEATURES_MAX = 200;

export const FeatureParams = Type.Object({ id: Id, featureId: Id });
export const EditionParams = Type.Object({ id: Id, editionId: Id });
export const PolicyParams = Type.Object({ id: Id, licenseType: LicenseTypeSchema });
export type PolicyParams = Static<typeof PolicyParams>;

const FeatureKey = Text({ pattern: FEATURE_KEY_PATTERN, maxLength: 32 });
const FeatureLabel = Text({ minLength: 1, maxLength: FEATURE_LABEL_MAX_LENGTH });
const EditionName = Text({ minLength: 1, maxLength: EDITION_NAME_MAX_LENGTH });

export const Feature = Type.Object({ id: Id, product_id: Id, key: Text(), label: Text(), ...Timestamps });
export type Feature = Static<typeof Feature>;
export const FeatureList = Type.Object({ data: Type.Array(Feature) });
export type FeatureList = Static<typeof FeatureList>;

/** POST /products/{id}/features */
export const FeatureBody = Type.Object({ key: FeatureKey, label: FeatureLabel }, { additionalProperties: false });
export type FeatureBody = Static<typeof FeatureBody>;
/** PATCH /products/{id}/features/{featureId}: the label only (plugins ask by key, so a key stays as made). */
export const FeatureUpdateBody = Type.Object({ label: FeatureLabel }, { additionalProperties: false });
export type FeatureUpdateBody = Static<typeof FeatureUpdateBody>;

export const Edition = Type.Object({
  id: Id,
  product_id: Id,
  name: Text(),
  /** The keys of the features it unlocks, in key order. */
  features: Type.Array(Text()),
  ...Timestamps,
});
export type Edition = Static<typeof Edition>;
export const EditionList = Type.Object({ data: Type.Array(Edition) });
export type EditionList = Static<typeof EditionList>;

/** POST /products/{id}/editions and PATCH /products/{id}/editions/{editionId}: the whole edition. */
export const EditionBody = Type.Object(
  { name: EditionName, features: Type.Array(FeatureKey, { maxItems: FEATURES_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);
export type EditionBody = Static<typeof EditionBody>;

export const LICENSE_MODELS = ['node-locked', 'floating'] as const;
export type LicenseModel = (typeof LICENSE_MODELS)[number];
export const LICENSE_TERMS = ['perpetual', 'time-limited'] as const;
export type LicenseTerm = (typeof LICENSE_TERMS)[number];
export const MAINTENANCE_FROM = ['activation', 'purchase'] as const;
export type MaintenanceFrom = (typeof MAINTENANCE_FROM)[number];

const Count = (maximum: number) => Type.Integer({ minimum: 1, maximum });
// Null first: the server's validator coerces types, and would read a null as 0 for a number tried first.
const Nullable = <T extends TInteger>(schema: T) => Type.Union([Type.Null(), schema]);

/** The bounds of a policy's numbers. */
export const POLICY_LIMITS = {
  seats: 100_000,
  lease_minutes: 7 * 24 * 60,
  max_borrow_days: 365,
  duration_days: 10 * 366,
  grace_days: 365,
  maintenance_months: 120,
} as const;

const policyFields = {
  model: Type.Union(LICENSE_MODELS.map((model) => Type.Literal(model))),
  /** Floating only (stored now; enforced when floating seats are served): concurrent seats, lease length, longest borrow. */
  seats: Nullable(Count(POLICY_LIMITS.seats)),
  lease_minutes: Nullable(Count(POLICY_LIMITS.lease_minutes)),
  max_borrow_days: Nullable(Type.Integer({ minimum: 0, maximum: POLICY_LIMITS.max_borrow_days })),
  term: Type.Union(LICENSE_TERMS.map((term) => Type.Literal(term))),
  /** Time-limited: days from the licence's creation; null: an end date set per licence (Renew to a date). */
  duration_days: Nullable(Count(POLICY_LIMITS.duration_days)),
  grace_days: Type.Integer({ minimum: 0, maximum: POLICY_LIMITS.grace_days }),
  /** Months of updates; null: no maintenance window (every release). */
  maintenance_months: Nullable(Count(POLICY_LIMITS.maintenance_months)),
  maintenance_from: Type.Union([Type.Null(), ...MAINTENANCE_FROM.map((from) => Type.Literal(from))]),
  /** The edition a new licence of this type gets; null: none. */
  edition_id: Type.Union([Type.Null(), Id]),
};

/** PUT /products/{id}/policies/{licenseType}: the whole policy. */
export const PolicyBody = Type.Object(policyFields, { additionalProperties: false });
export type PolicyBody = Static<typeof PolicyBody>;

/** The policy that means what a type without one means: node-locked, perpetual, no grace, no maintenance, no edition. */
export const PLAIN_POLICY: PolicyBody = {
  model: 'node-locked',
  seats: null,
  lease_minutes: null,
  max_borrow_days: null,
  term: 'perpetual',
  duration_days: null,
  grace_days: 0,
  maintenance_months: null,
  maintenance_from: null,
  edition_id: null,
};

export const Policy = Type.Object({ product_id: Id, license_type: LicenseTypeSchema, ...policyFields, ...Timestamps });
export type Policy = Static<typeof Policy>;
/** The product's policies, one per licence type that has one (a type without one behaves as it always has). */
export const PolicyList = Type.Object({ data: Type.Array(Policy) });
export type PolicyList = Static<typeof PolicyList>;

/** GET …/apply-preview and POST …/apply: how many of the type's licences would change (or changed). */
export const PolicyApplyResult = Type.Object({ licenses: Type.Integer({ minimum: 0 }) });
export type PolicyApplyResult = Static<typeof PolicyApplyResult>;

/** A licence's terms (GET /licenses/{id}/terms): what its policy gave it, or staff changed since. */
export const LicenseTerms = Type.Object({
  license_id: Id,
  edition: Type.Union([Type.Object({ id: Id, name: Text(), features: Type.Array(Text()) }), Type.Null()]),
  expires_at: Type.Union([Timestamp, Type.Null()]),
  grace_days: Type.Integer(),
  /** True once `expires_at` plus the grace days has passed: activation and validation answer "expired". */
  expired: Type.Boolean(),
  maintenance_months: Type.Union([Type.Integer(), Type.Null()]),
  /** The end of updates: set, or counted from the first activation; null: none (or not activated yet). */
  maintenance_ends_at: Type.Union([Timestamp, Type.Null()]),
});
export type LicenseTerms = Static<typeof LicenseTerms>;

/** POST /licenses/{id}/edition */
export const LicenseEditionBody = Type.Object({ edition_id: Id }, { additionalProperties: false });
export type LicenseEditionBody = Static<typeof LicenseEditionBody>;

/** POST /licenses/{id}/renew: to a date, or (without one) by its policy's duration from its expiry (or now, if later). */
export const LicenseRenewBody = Type.Object({ expires_at: Type.Optional(Timestamp) }, { additionalProperties: false });
export type LicenseRenewBody = Static<typeof LicenseRenewBody>;
