/** What the shell reads at run time from `/config.json`, so one build serves every environment. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  environment: string;
  version: string;
  /** Federation name → URL of the remote's mf-manifest.json (or remoteEntry.js). */
  remotes: Record<string, string>;
}

export class RuntimeConfigError extends Error {}

export function parseRuntimeConfig(value: unknown, base: string): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new RuntimeConfigError('config.json is not a JSON object');
  const { apiBaseUrl, environment, version, remotes } = value as Partial<RuntimeConfig>;
  if (typeof apiBaseUrl !== 'string' || !remotes || typeof remotes !== 'object') {
    throw new RuntimeConfigError('config.json needs apiBaseUrl and remotes');
  }
  const absoluteRemotes: Record<string, string> = {};
  for (const [name, url] of Object.entries(remotes)) {
    if (typeof url !== 'string')
      throw new RuntimeConfigError(`config.json: the URL of remote '${name}' is not a string`);
    // The federation runtime resolves a remote's chunks against its entry URL, which must be absolute.
    absoluteRemotes[name] = new URL(url, base).href;
  }
  return {
    apiBaseUrl,
    environment: typeof environment === 'string' ? environment : '',
    version: typeof version === 'string' ? version : '',
    remotes: absoluteRemotes,
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new RuntimeConfigError(`config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json(), window.location.href);
}
