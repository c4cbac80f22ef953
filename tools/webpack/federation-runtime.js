// The federation runtime core the remotes share. Remotes are built with `externalRuntime`: their remoteEntry.js
// uses the page's runtime core (globalThis._FEDERATION_RUNTIME_CORE) instead of carrying a copy each.
// - In the console, this module is a runtime plugin of the shell: it publishes the shell's own runtime core
//   before any remote loads (the federation's provideExternalRuntime does the same, but through a CommonJS
//   build that would add a second copy of the core to the shell).
// - On a page that embeds a remote without the console (docs/deploying.md), it is built on its own as
//   dist/federation-runtime.js of every remote, loaded before the first remoteEntry.js.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;

export default function provideFederationRuntime() {
  return { name: 'provide-federation-runtime' };
}
