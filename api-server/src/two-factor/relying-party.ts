/** Who passkeys are made for: the WebAuthn relying party of this server. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party of the server's public address (PRODUCTHUB_PUBLIC_URL): its host name is the RP ID and its
 * origin the one browsers must report. Browsers take no IP address as an RP ID, so a loopback address (the default
 * on a developer's machine and in tests) is named `localhost`: open the console at http://localhost:PORT there.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (LOOPBACK_ADDRESSES.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: 'ProductHub' };
}
