import remoteApps from './remotes.json';
import customerRemoteApps from './customer-remotes.json';

// The one list of remotes: federation name → workspace folder. The shell, the server's static serving and
// config.json, scripts/dev.mjs, the bundle budget and e2e all read remotes.json (the scripts as JSON).

export type RemoteName = keyof typeof remoteApps;
export const REMOTE_NAMES = Object.keys(remoteApps) as RemoteName[];
/** The workspace folder (and URL segment under /remotes/) of each remote. */
export const REMOTE_APPS = REMOTE_NAMES.map((name) => remoteApps[name]);
export const remoteAppOf = (name: RemoteName): string => remoteApps[name];

// The remotes for the manufacturers' customers (customer-remotes.json): built, linted, tested and served like the
// console's remotes, but never loaded by the staff shell, never in its config.json nor its areas.

export type CustomerRemoteName = keyof typeof customerRemoteApps;
export const CUSTOMER_REMOTE_NAMES = Object.keys(customerRemoteApps) as CustomerRemoteName[];
export const customerRemoteAppOf = (name: CustomerRemoteName): string => customerRemoteApps[name];
/** Every remote's workspace folder, the console's and the customers': what is built and served under /remotes/. */
export const ALL_REMOTE_APPS = [...REMOTE_APPS, ...CUSTOMER_REMOTE_NAMES.map(customerRemoteAppOf)];
