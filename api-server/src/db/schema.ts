import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ManufacturersTable {
  id: Generated<number>;
  name: string;
  manufacturer_pool_id: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  vat_id: string | null;
  country_code: string | null;
  /** Filled from the name when not given (migration 0021). */
  portal_slug: ColumnType<string, string | undefined, string>;
  portal_enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SystemUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  access_level: 'superuser' | 'manufacturer';
  manufacturer_id: number | null;
  /** Set for manufacturer staff, null for the Super User (migration 0200). */
  staff_role: StaffRole | null;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  system_user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Generated<Date>;
  /** The browser's user agent at sign-in (trimmed), null for sessions from before it was recorded. */
  user_agent: string | null;
  /** The client's address at sign-in (as the trusted proxy names it), null likewise. */
  address: string | null;
}

/** A system user's TOTP factor (migration 0110): active once confirmed with a code. */
export interface TotpFactorsTable {
  system_user_id: number;
  /** AES-256-GCM under the master key (crypto/product-keys.ts's encrypt). */
  secret_encrypted: string;
  confirmed_at: Date | null;
  /** The time step of the last code taken: a code of this step or an earlier one is refused. */
  last_used_step: number | null;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  system_user_id: number;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  used_at: Date | null;
}

/** A right password where a factor is enrolled: turned into a session by a second factor, once. */
export interface PendingSignInsTable {
  id: Generated<number>;
  token_hash: string;
  system_user_id: number;
  expires_at: Date;
  /** Since migration 0210: the second step of a user with a factor, or a required factor's enrolment. */
  purpose: ColumnType<PendingSignInPurpose, PendingSignInPurpose | undefined, never>;
  created_at: CreatedAt;
}

export type PendingSignInPurpose = 'second_factor' | 'enrolment';

export interface ManufacturerTwoFactorRequirementsTable {
  manufacturer_id: number;
  required_since: CreatedAt;
}

export interface PlatformTwoFactorRequirementTable {
  singleton: ColumnType<boolean, true | undefined, never>;
  required_since: CreatedAt;
}

export interface PasskeysTable {
  id: Generated<number>;
  system_user_id: number;
  /** Base64url, as the authenticator gave it. */
  credential_id: string;
  /** The COSE public key. */
  public_key: Buffer;
  /** The authenticator's signature counter (0 where it keeps none); bigint arrives as a string. */
  counter: ColumnType<string, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  system_user_id: number;
  purpose: 'registration' | 'sign_in' | 'proof';
  pending_sign_in_id: number | null;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  bucket: string;
  hits: number;
  window_ends_at: Date;
}

export interface ProductsTable {
  id: Generated<number>;
  manufacturer_id: number;
  name: string;
  type: 'Full' | 'PluginOnly' | 'ContentOnly';
  public_key: string;
  private_key_encrypted: string;
  plugin_name: string;
  dependency_id: number | null;
  deprecated: Generated<boolean>;
  upgrade_id: string | null;
  identifier: string | null;
  trial_days: Generated<number>;
  machine_limit: Generated<number>;
  series: string | null;
  content_base_directory: string | null;
  tagline: string | null;
  page: string | null;
  app_image: string | null;
  plugin_browser_logo: string | null;
  plugin_browser_moodshot: string | null;
  app_featured: Generated<boolean>;
  app_sort_order: Generated<number>;
  app_sort_order_featured: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BuildsTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  os: 'macOS' | 'Windows' | 'any';
  major: number;
  minor: number;
  revision: number;
  build_number: number;
  upload_confirmed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BuildFilesTable {
  id: Generated<number>;
  manufacturer_id: number;
  build_id: number;
  name: string;
  // bigint arrives from pg as a string
  size: ColumnType<string, number | string, number | string>;
  sha256: string;
  storage_key: string | null;
  uploaded_at: Date | null;
  created_at: CreatedAt;
}

export interface ReleasesTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  description: string | null;
  unlocks_wo_license: Generated<boolean>;
  manual: string | null;
  app_version_min: string | null;
  app_version_max: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ReleaseBuildsTable {
  manufacturer_id: number;
  release_id: number;
  build_id: number;
}

export interface DistributionChannelsTable {
  id: Generated<number>;
  manufacturer_id: number;
  type: string;
  name: string;
  created_at: CreatedAt;
}

export interface ReleaseDistributionsTable {
  id: Generated<number>;
  manufacturer_id: number;
  channel_id: number;
  release_id: number;
  created_at: CreatedAt;
}

export interface EndUsersTable {
  id: Generated<number>;
  manufacturer_id: number;
  email: string;
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FingerprintsTable {
  id: Generated<number>;
  manufacturer_id: number;
  user_id: number;
  hardware_fingerprint: string;
  created_at: CreatedAt;
}

export interface ChannelMembershipsTable {
  id: Generated<number>;
  manufacturer_id: number;
  channel_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface LicensesTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  user_id: number;
  serial: string;
  license_type: 'NFR' | 'Standard' | 'Free';
  disabled: Generated<boolean>;
  disabled_reason: 'DuplicateOrder' | 'CancelledOrder' | 'FraudulentUse' | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The licence's terms (docs/licensing.md), set from its policy when it is made; null: as without a policy. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  grace_days: ColumnType<number | null, number | null | undefined, number | null>;
  maintenance_months: ColumnType<number | null, number | null | undefined, number | null>;
  maintenance_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  edition_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductFeaturesTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  key: string;
  label: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductEditionsTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductEditionFeaturesTable {
  edition_id: number;
  feature_id: number;
}

export interface LicensePoliciesTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  license_type: 'NFR' | 'Standard' | 'Free';
  model: 'node-locked' | 'floating';
  seats: number | null;
  lease_minutes: number | null;
  max_borrow_days: number | null;
  term: 'perpetual' | 'time-limited';
  duration_days: number | null;
  grace_days: Generated<number>;
  maintenance_months: number | null;
  maintenance_from: 'activation' | 'purchase' | null;
  edition_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LicenseLeasesTable {
  id: Generated<string>;
  manufacturer_id: number;
  license_id: number;
  hardware_fingerprint: string;
  machine_name: string | null;
  borrowed: Generated<boolean>;
  checked_out_at: Generated<Date>;
  expires_at: Date;
}

export interface LicenseTransfersTable {
  id: Generated<number>;
  manufacturer_id: number;
  license_id: number;
  from_user_id: number;
  to_user_id: number;
  created_at: CreatedAt;
}

export interface LicenseActivationsTable {
  id: Generated<number>;
  manufacturer_id: number;
  license_id: number;
  hardware_fingerprint: string;
  hardware_fingerprint_version: number;
  signature_seed_version: number;
  created_at: CreatedAt;
}

export interface TrialsTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  hardware_fingerprint: string;
  created_at: CreatedAt;
  /** Set when a client starts the trial (migration 0006); older trials end trial_days after created_at. */
  expires_at: Date | null;
}

export interface LicenseMachinesTable {
  id: Generated<number>;
  manufacturer_id: number;
  license_id: number;
  product_id: number;
  hardware_fingerprint: string;
  first_activated_at: Date;
  last_activated_at: Date;
  deactivated_at: Date | null;
  deactivated_by: 'client' | 'staff' | null;
  /** The name the plugin reported last (0026); null when none did. */
  name: string | null;
}

export interface LicenseMachineDeactivationsTable {
  id: Generated<number>;
  manufacturer_id: number;
  license_id: number;
  machine_id: number;
  deactivated_by: 'client' | 'staff';
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  manufacturer_id: number | null;
  actor_system_user_id: number | null;
  /** A customer signed in to the portal (migration 0021); never set together with actor_system_user_id. */
  actor_end_user_id: Generated<number | null>;
  /** An API key (migration 0030); never set together with another actor. */
  actor_api_key_id: Generated<number | null>;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: CreatedAt;
}

export interface PortalSignInCodesTable {
  id: Generated<number>;
  manufacturer_id: number;
  /** The address asked for, trimmed and lower-cased: unknown addresses get a row too (never mailed). */
  email_key: string;
  end_user_id: number | null;
  code_hash: string;
  link_token_hash: string;
  requested_by: 'customer' | 'staff';
  tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  /** Set when a newer code for the same address was issued: only the newest one signs in. */
  replaced_at: Date | null;
}

export interface PortalEmailChangesTable {
  id: Generated<number>;
  manufacturer_id: number;
  end_user_id: number;
  new_email: string;
  code_salt: string;
  code_hash: string;
  tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  /** Set when the end user asked again: only the newest request confirms. */
  replaced_at: Date | null;
}

export interface PortalSessionsTable {
  id: Generated<number>;
  manufacturer_id: number;
  end_user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  last_used_at: Generated<Date>;
  revoked_at: Date | null;
}

/** Row counts of the unfiltered lists, kept exact by triggers (migration 0002). */
export interface ListTotalsTable {
  list: ListName;
  scope_id: number;
  total: string;
}
export type ListName =
  'product_licenses' | 'user_licenses' | 'manufacturer_end_users' | 'manufacturer_products' | 'product_trials';

/** A plugin's activation request through the browser (migration 0070, api-server/src/browser-activation/). */
export interface BrowserActivationsTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  device_code_hash: string;
  user_code: string;
  hardware_fingerprint: string;
  hardware_fingerprint_version: number;
  signature_seed_version: number;
  /** The licence file version the plugin asked for (1 or 2, migration 0280). */
  license_file_version: Generated<number>;
  machine_name: string | null;
  interval_seconds: number;
  last_polled_at: Date | null;
  created_at: CreatedAt;
  expires_at: Date;
  status: Generated<'pending' | 'approved' | 'denied' | 'delivered'>;
  decided_at: Date | null;
  decided_by_end_user_id: number | null;
  license_id: number | null;
  /** The signed licence file, held from approval until the plugin's poll takes it (JSON text). */
  license_file: string | null;
}

/** Reseller serial batches (migration 0090, api-server/src/batches/). */
export interface SerialBatchesTable {
  id: Generated<number>;
  manufacturer_id: number;
  product_id: number;
  license_type: 'NFR' | 'Standard' | 'Free';
  reseller: string;
  note: string | null;
  serial_count: number;
  redeemed_count: Generated<number>;
  voided_count: Generated<number>;
  created_at: CreatedAt;
}

export interface BatchSerialsTable {
  id: Generated<string>;
  manufacturer_id: number;
  batch_id: number;
  serial: string;
  status: Generated<'unsold' | 'redeemed' | 'voided'>;
  redeemed_at: Date | null;
  redeemed_by_end_user_id: number | null;
  license_id: number | null;
  voided_at: Date | null;
}

export interface Database {
  manufacturers: ManufacturersTable;
  system_users: SystemUsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  products: ProductsTable;
  builds: BuildsTable;
  build_files: BuildFilesTable;
  releases: ReleasesTable;
  release_builds: ReleaseBuildsTable;
  distribution_channels: DistributionChannelsTable;
  release_distributions: ReleaseDistributionsTable;
  end_users: EndUsersTable;
  fingerprints: FingerprintsTable;
  channel_memberships: ChannelMembershipsTable;
  licenses: LicensesTable;
  product_features: ProductFeaturesTable;
  product_editions: ProductEditionsTable;
  product_edition_features: ProductEditionFeaturesTable;
  license_policies: LicensePoliciesTable;
  license_leases: LicenseLeasesTable;
  license_transfers: LicenseTransfersTable;
  license_activations: LicenseActivationsTable;
  trials: TrialsTable;
  license_machines: LicenseMachinesTable;
  license_machine_deactivations: LicenseMachineDeactivationsTable;
  audit_log: AuditLogTable;
  portal_sign_in_codes: PortalSignInCodesTable;
  portal_sessions: PortalSessionsTable;
  portal_email_changes: PortalEmailChangesTable;
  list_totals: ListTotalsTable;
  browser_activations: BrowserActivationsTable;
  serial_batches: SerialBatchesTable;
  batch_serials: BatchSerialsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  manufacturer_two_factor_requirements: ManufacturerTwoFactorRequirementsTable;
  platform_two_factor_requirement: PlatformTwoFactorRequirementTable;
}

/** A manufacturer as the manufacturers API answers it (the portal's columns are read by the portal). */
export type ManufacturerRow = Omit<Selectable<ManufacturersTable>, 'portal_slug' | 'portal_enabled'>;
export type NewManufacturer = Insertable<ManufacturersTable>;
export type ManufacturerUpdate = Updateable<ManufacturersTable>;
export type SystemUserRow = Selectable<SystemUsersTable>;
export type ProductRow = Selectable<ProductsTable>;
