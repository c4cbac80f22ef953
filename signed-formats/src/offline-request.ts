import { createHash } from 'node:crypto';
import { canonicalBytes, fieldProblem, signedPart, type SignedFields } from './canonical';
import { FORMAT_VERSION } from './signed-document';

// The offline activation request of docs/client-integration.md: what a plugin on a machine that is never online
// writes, and what the customer uploads in the portal. It is NOT signed (the plugin holds no private key): its
// checksum only catches a file that was cut short or damaged on the way. Anyone can write a valid request by hand;
// an edited request is simply a request for another machine, answered like an online activation and bounded by
// the same machine limit.
export const OFFLINE_REQUEST_FORMAT = {
  label: 'offline activation request',
  format: 'producthub-offline-request',
  context: 'producthub-offline-request-v1',
  fields: [
    ['product_id', 'integer'],
    ['product_identifier', 'text'],
    ['serial', 'text'],
    ['hardware_fingerprint', 'text'],
    ['hardware_fingerprint_version', 'integer'],
    ['signature_seed_version', 'integer'],
    ['plugin_version', 'text'],
    ['created_at', 'text'],
  ],
} as const satisfies { label: string; format: string; context: string; fields: SignedFields };

/**
 * Members a request may leave out (plugins before them wrote none, and their requests read as before): when present
 * they follow the others, in the file and in the checksum's canonical bytes. `machine_name` is the name the plugin
 * reports for its machine ("Studio Mac"), shown to the customer; it is never signed.
 */
export const OFFLINE_REQUEST_OPTIONAL_FIELDS = [['machine_name', 'text']] as const satisfies SignedFields;

/** The members of a request, as the plugin knows them. */
export interface OfflineRequest {
  product_id: number;
  product_identifier: string;
  serial: string;
  hardware_fingerprint: string;
  hardware_fingerprint_version: number;
  signature_seed_version: number;
  plugin_version: string;
  created_at: string;
  machine_name?: string;
}

/** The members a request carries, in their order: the required ones, then the optional ones it holds. */
export function offlineRequestFields(request: Readonly<Record<string, unknown>>): SignedFields {
  return [
    ...OFFLINE_REQUEST_FORMAT.fields,
    ...OFFLINE_REQUEST_OPTIONAL_FIELDS.filter(([name]) => request[name] !== undefined),
  ];
}

/** The largest request file a reader accepts: a real one is a few hundred bytes. */
export const OFFLINE_REQUEST_MAX_BYTES = 4096;

export type OfflineRequestReading = { valid: true; request: OfflineRequest } | { valid: false; message: string };

/** SHA-256 (lower-case hex) of the request's canonical bytes: the same encoding as the signed documents. */
export function offlineRequestChecksum(request: OfflineRequest): string {
  const members = request as unknown as Record<string, unknown>;
  return createHash('sha256')
    .update(canonicalBytes(OFFLINE_REQUEST_FORMAT.context, offlineRequestFields(members), members))
    .digest('hex');
}

/** The file text a plugin writes (JSON, two-space indented, ending with a line break). Throws for a value the encoding cannot carry. */
export function writeOfflineRequest(request: OfflineRequest): string {
  const members = signedPart(
    offlineRequestFields(request as unknown as Record<string, unknown>),
    request as unknown as Record<string, unknown>,
  );
  const checksum = offlineRequestChecksum(members as unknown as OfflineRequest);
  return `${JSON.stringify({ format: OFFLINE_REQUEST_FORMAT.format, format_version: FORMAT_VERSION, ...members, checksum }, null, 2)}\n`;
}

const notOne = (why: string): OfflineRequestReading => ({
  valid: false,
  message: `The file is not an offline activation request: ${why}.`,
});

/**
 * Reads a request file in the documented order: size, JSON object, format and version, each member with its type
 * (an optional one only when present), then the checksum. Only the listed members are kept.
 */
export function readOfflineRequest(text: string): OfflineRequestReading {
  if (Buffer.byteLength(text, 'utf8') > OFFLINE_REQUEST_MAX_BYTES)
    return notOne(`it is larger than ${OFFLINE_REQUEST_MAX_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return notOne('it is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return notOne('it is not a JSON object');
  const document = parsed as Record<string, unknown>;
  if (document.format !== OFFLINE_REQUEST_FORMAT.format)
    return notOne(`its format is ${JSON.stringify(document.format ?? null)}, not "${OFFLINE_REQUEST_FORMAT.format}"`);
  if (document.format_version !== FORMAT_VERSION) {
    return {
      valid: false,
      message: `Unsupported offline activation request version ${JSON.stringify(document.format_version ?? null)}: this reader reads version ${FORMAT_VERSION}.`,
    };
  }
  const fields = offlineRequestFields(document);
  for (const [name, kind] of fields) {
    const problem = fieldProblem(name, kind, document[name]);
    if (problem) return notOne(problem);
  }
  const request = signedPart(fields, document) as unknown as OfflineRequest;
  if (typeof document.checksum !== 'string' || document.checksum !== offlineRequestChecksum(request)) {
    return notOne('its checksum does not match its contents (it was changed or damaged after the plugin wrote it)');
  }
  return { valid: true, request };
}
