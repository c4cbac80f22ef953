/** The claims of documents with nothing in their lists: a revocation list with no entry, an answer with no update. */
export const EMPTY_REVOCATION_LIST = {
  product_id: 7,
  hardware_fingerprint: 'F',
  since: '',
  issued_at: 'T',
  complete: true,
  licenses: [],
  machines: [],
};

export const NO_UPDATE_ANSWER = {
  product_id: 7,
  hardware_fingerprint: 'F',
  current_version: '1',
  os: 'macOS',
  issued_at: 'T',
  update_available: false,
  release_id: 0,
  version: '',
  unlocks_without_license: false,
  files: [],
};
