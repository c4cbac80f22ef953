/**
 * The words of History: one audit row's before/after turned into field-by-field changes a person reads
 * ("Deactivated: no → yes (reason CancelledOrder)"). The server sends these summaries; the console may reuse
 * the same rules (nothing here depends on the server).
 */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
  summary: string;
}

/** Never shown, not even as a change: secrets, and bookkeeping every change touches. */
const HIDDEN_FIELDS = new Set([
  'private_key_encrypted',
  'password_hash',
  'token_hash',
  'id',
  'manufacturer_id',
  'created_at',
  'updated_at',
]);

/** Labels as the console shows the fields; any other field reads as its name in words ("plugin_name" → "Plugin name"). */
const LABELS: Record<string, string> = {
  disabled: 'Deactivated',
  disabled_reason: 'Deactivation reason',
  license_type: 'Type',
  user_id: 'User ID',
  user_email: 'User',
  external_id: 'External ID',
  unlocks_wo_license: 'Unlocks Without License',
  app_version_min: 'App Version Min',
  app_version_max: 'App Version Max',
  upload_confirmed: 'Upload Confirmed',
  hardware_fingerprint: 'Hardware Fingerprint',
  country_code: 'Country Code',
  public_key: 'Public key',
  sha256: 'Checksum (SHA256)',
};

const MAX_VALUE_LENGTH = 120;

export function fieldLabel(field: string): string {
  const label = LABELS[field];
  if (label) return label;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value in words: yes/no, "none" for nothing, lists joined, long text shortened. */
export function valueInWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueInWords).join(', ');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between `before` and `after` (a creation has no before, a removal no after), in the
 * order the record lists them. A deactivation names its reason on the same line and does not repeat it.
 */
export function auditFieldChanges(before: unknown, after: unknown): AuditFieldChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => !HIDDEN_FIELDS.has(field));
  const changed = fields.filter((field) => !same(old[field], now[field]));
  const reasonFolded = changed.includes('disabled') && now.disabled === true && now.disabled_reason;
  return changed
    .map((field) => {
      let summary = `${fieldLabel(field)}: ${valueInWords(old[field])} → ${valueInWords(now[field])}`;
      if (field === 'disabled' && reasonFolded) summary += ` (reason ${valueInWords(now.disabled_reason)})`;
      return { field, before: old[field] ?? null, after: now[field] ?? null, summary };
    })
    .filter((change) => !(reasonFolded && change.field === 'disabled_reason'));
}
