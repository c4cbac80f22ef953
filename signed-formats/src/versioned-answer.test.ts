/** @jest-environment node */
import { signDocument } from './signed-document';
import {
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  stateAllowsUse,
  stateIsV2,
  verifyStateDocument,
  type StateDocument,
} from './state-document';
import { NO_UPDATE_ANSWER } from './test-support/empty-documents';
import { testProductKey } from './test-support/test-key';
import {
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  updateIsV2,
  updatesBeyondMaintenance,
  verifyUpdateAnswer,
} from './update-answer';

const key = testProductKey();
const state: StateDocument = {
  product_id: 7,
  serial: 'S',
  hardware_fingerprint: 'F',
  nonce: 'n',
  license_enabled: true,
  disabled_reason: '',
  machine_activated: true,
  issued_at: '2026-03-01T00:00:00Z',
};
const terms = {
  expires_at: '2027-03-01T00:00:00Z',
  grace_days: 7,
  maintenance_ends_at: null,
  edition: 'Pro',
  features: [{ key: 'stems' }],
};
const beyond = {
  maintenance_ends_at: '2026-02-01T00:00:00Z',
  newer_beyond_maintenance_version: '2.0.0.1',
  newer_beyond_maintenance_published_at: '2026-02-17T10:00:00Z',
};

describe('version 2 of the state document', () => {
  it('verifies either version, the version it carries picking the format', () => {
    const v1 = verifyStateDocument(signDocument(STATE_DOCUMENT_FORMAT, state, key.privateKey), key.publicKeyBase64);
    const v2 = verifyStateDocument(
      signDocument(STATE_DOCUMENT_V2_FORMAT, { ...state, ...terms }, key.privateKey),
      key.publicKeyBase64,
      { nonce: 'n' },
    );
    expect(v1.valid && !stateIsV2(v1.document)).toBe(true);
    expect(v2).toMatchObject({ valid: true, document: { ...state, ...terms } });
    expect(v2.valid && stateIsV2(v2.document) && stateAllowsUse(v2.document)).toBe(true);
  });

  it('refuses a relabelled version, a version it does not read and a time written any other way', () => {
    const signed = signDocument(STATE_DOCUMENT_V2_FORMAT, { ...state, ...terms }, key.privateKey);
    expect(verifyStateDocument({ ...signed, format_version: 1 }, key.publicKeyBase64)).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    const v1 = signDocument(STATE_DOCUMENT_FORMAT, state, key.privateKey);
    expect(verifyStateDocument({ ...v1, format_version: 2 }, key.publicKeyBase64)).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
    expect(verifyStateDocument({ ...signed, format_version: 3 }, key.publicKeyBase64)).toMatchObject({
      valid: false,
      reason: 'unsupported-version',
    });
    const odd = signDocument(
      STATE_DOCUMENT_V2_FORMAT,
      { ...state, ...terms, expires_at: '2027-03-01 00:00' },
      key.privateKey,
    );
    expect(verifyStateDocument(odd, key.publicKeyBase64)).toMatchObject({ valid: false, reason: 'malformed' });
  });
});

describe('version 2 of the update answer', () => {
  it('names the release beyond maintenance, and nothing for version 1 or null facts', () => {
    const v2 = verifyUpdateAnswer(
      signDocument(UPDATE_ANSWER_V2_FORMAT, { ...NO_UPDATE_ANSWER, ...beyond }, key.privateKey),
      key.publicKeyBase64,
    );
    expect(v2.valid && updateIsV2(v2.document) && updatesBeyondMaintenance(v2.document)).toEqual({
      version: '2.0.0.1',
      publishedAt: '2026-02-17T10:00:00Z',
    });
    const none = verifyUpdateAnswer(
      signDocument(
        UPDATE_ANSWER_V2_FORMAT,
        {
          ...NO_UPDATE_ANSWER,
          maintenance_ends_at: null,
          newer_beyond_maintenance_version: null,
          newer_beyond_maintenance_published_at: null,
        },
        key.privateKey,
      ),
      key.publicKeyBase64,
    );
    expect(none.valid && updatesBeyondMaintenance(none.document)).toBeNull();
    const v1 = verifyUpdateAnswer(
      signDocument(UPDATE_ANSWER_FORMAT, NO_UPDATE_ANSWER, key.privateKey),
      key.publicKeyBase64,
    );
    expect(v1.valid && !updateIsV2(v1.document) && updatesBeyondMaintenance(v1.document)).toBeNull();
  });

  it('refuses the release beyond hidden after signing, and a malformed publication time', () => {
    const signed = signDocument(UPDATE_ANSWER_V2_FORMAT, { ...NO_UPDATE_ANSWER, ...beyond }, key.privateKey);
    expect(
      verifyUpdateAnswer({ ...signed, newer_beyond_maintenance_version: null }, key.publicKeyBase64),
    ).toMatchObject({ valid: false, reason: 'bad-signature' });
    const odd = signDocument(
      UPDATE_ANSWER_V2_FORMAT,
      { ...NO_UPDATE_ANSWER, ...beyond, newer_beyond_maintenance_published_at: 'soon' },
      key.privateKey,
    );
    expect(verifyUpdateAnswer(odd, key.publicKeyBase64)).toMatchObject({ valid: false, reason: 'malformed' });
  });
});
