// npm run dev: the API server (built once, embedded database) plus a webpack-dev-server per app.
// The shell on http://127.0.0.1:3000 proxies /api to the server; the remotes serve on 3001-3004, the customer
// portal's remote on 3005, with its page at http://127.0.0.1:3005/portal/<slug>/ (proxying /api to the server).
import remoteApps from '../shared-kit/src/remotes.json' with { type: 'json' };
import customerRemoteApps from '../shared-kit/src/customer-remotes.json' with { type: 'json' };
import { build, ensureInstalled, log, startForwardingSignals } from './lib.mjs';

ensureInstalled();
build();
const apps = ['shell', ...Object.values(remoteApps), ...Object.values(customerRemoteApps)];
const children = [
  startForwardingSignals('node', ['api-server/dist/main.js'], {
    env: { PRODUCTHUB_APPS_DIR: '', PRODUCTHUB_CORS_ORIGINS: 'http://127.0.0.1:3000' },
  }),
  ...apps.map((app) => startForwardingSignals('npm', ['run', 'dev', '-w', app])),
];
log(
  'Dev servers starting: open http://127.0.0.1:3000/ (the customer portal: http://127.0.0.1:3005/portal/aurora-audio/) once webpack reports "compiled".',
);
for (const child of children) child.on('exit', () => children.forEach((other) => other.kill('SIGTERM')));
