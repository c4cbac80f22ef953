import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import { SsoRefused } from './refusal';
import { guardedFetch } from './issuer-guard';

/** openid-client ships only as an ES module: the server (CommonJS) loads it once, on the first SSO request. */
let openIdClient: Promise<typeof import('openid-client', { with: { 'resolution-mode': 'import' } })> | undefined;
export const loadOpenIdClient = () => (openIdClient ??= import('openid-client'));

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** Plain http is for a provider on this machine only (development and tests); any other issuer needs https. */
export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/**
 * The provider's configuration from its discovery document (`/.well-known/openid-configuration`), every call to it
 * guarded like a webhook's: only public addresses unless the operator allows private issuers.
 */
export async function discoverProvider(client: ProviderClient): Promise<Configuration> {
  const oidc = await loadOpenIdClient();
  const issuer = new URL(client.issuer);
  try {
    const configuration = await oidc.discovery(
      issuer,
      client.clientId,
      client.clientSecret ?? undefined,
      client.clientSecret ? undefined : oidc.None(),
      {
        execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
        // Every later call of this configuration (keys, token, userinfo) goes through the same guard.
        [oidc.customFetch]: guardedFetch(),
      },
    );
    // openid-client trusts an ID token from the token endpoint on TLS alone; ours are checked against the provider's
    // keys too, so a token altered on the way (or by a proxy) is refused.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  } catch {
    throw new SsoRefused('provider-unreachable');
  }
}
