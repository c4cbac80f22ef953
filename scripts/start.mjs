// npm start: install if needed, build everything, start the API server with the embedded database, which
// serves the shell and the remotes, seeds demo data on an empty database and prints the URL and logins.
import { build, ensureInstalled, log, startForwardingSignals } from './lib.mjs';

ensureInstalled();
build();
log('Starting ProductHub...');
const server = startForwardingSignals('node', ['api-server/dist/main.js']);
server.on('exit', (code) => process.exit(code ?? 0));
