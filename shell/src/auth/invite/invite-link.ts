/** The console's page an invite mail links to (the contract's STAFF_INVITE_PATH), its token after `#token=`. */
export const JOIN_PATH = '/join';

/** The invite token of a `/join#token=…` address's hash, or null when it carries none. */
export function inviteTokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}
