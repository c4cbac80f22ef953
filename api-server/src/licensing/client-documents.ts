import type { DocumentFormat } from './signed-document';

// The client API's signed documents (docs/client-api.md). A new member or meaning is a new version.

export const TRIAL_DOCUMENT: DocumentFormat = {
  format: 'producthub-trial',
  version: 1,
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['started_at', 'text'],
    ['expires_at', 'text'],
    ['issued_at', 'text'],
  ],
};

export const STATE_DOCUMENT: DocumentFormat = {
  format: 'producthub-state',
  version: 1,
  fields: [
    ['product_id', 'integer'],
    ['serial', 'text'],
    ['hardware_fingerprint', 'text'],
    ['nonce', 'text'],
    ['license_enabled', 'boolean'],
    ['disabled_reason', 'text'],
    ['machine_activated', 'boolean'],
    ['issued_at', 'text'],
  ],
};

export const REVOCATIONS_DOCUMENT: DocumentFormat = {
  format: 'producthub-revocations',
  version: 1,
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['since', 'text'],
    ['issued_at', 'text'],
    ['complete', 'boolean'],
    [
      'licenses',
      {
        list: [
          ['serial_sha256', 'text'],
          ['disabled_reason', 'text'],
          ['changed_at', 'text'],
        ],
      },
    ],
    [
      'machines',
      {
        list: [
          ['machine_sha256', 'text'],
          ['deactivated_at', 'text'],
        ],
      },
    ],
  ],
};

export const UPDATE_DOCUMENT: DocumentFormat = {
  format: 'producthub-update',
  version: 1,
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['current_version', 'text'],
    ['os', 'text'],
    ['issued_at', 'text'],
    ['update_available', 'boolean'],
    ['release_id', 'integer'],
    ['version', 'text'],
    ['unlocks_without_license', 'boolean'],
    [
      'files',
      {
        list: [
          ['name', 'text'],
          ['size', 'integer'],
          ['sha256', 'text'],
          ['url', 'text'],
          ['url_expires_at', 'text'],
        ],
      },
    ],
  ],
};

export const CLIENT_DOCUMENTS = [TRIAL_DOCUMENT, STATE_DOCUMENT, REVOCATIONS_DOCUMENT, UPDATE_DOCUMENT] as const;
