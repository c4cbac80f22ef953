import remoteApps from './remotes.json';

// The one list of remotes: federation name → workspace folder. The shell, the server's static serving and
// config.json, scripts/dev.mjs, the bundle budget and e2e all read remotes.json (the scripts as JSON).

export type RemoteName = keyof typeof remoteApps;
export const REMOTE_NAMES = Object.keys(remoteApps) as RemoteName[];
/** The workspace folder (and URL segment under /remotes/) of each remote. */
export const REMOTE_APPS = REMOTE_NAMES.map((name) => remoteApps[name]);
export const remoteAppOf = (name: RemoteName): string => remoteApps[name];
