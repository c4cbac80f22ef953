// Serves one remote's built dist/ on its own origin (CORS open), as a CDN would: `npm run serve -w mfe-users`.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] || 'dist');
const port = Number(process.env.PORT || 4000);
const types = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
};

if (!existsSync(root)) {
  console.error(`${root} does not exist: build first (npm run build).`);
  process.exit(1);
}

createServer((request, response) => {
  const path = resolve(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
  response.setHeader('Access-Control-Allow-Origin', process.env.CORS_ORIGIN || '*');
  if (!path.startsWith(root + sep) || !existsSync(path) || !statSync(path).isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': types[extname(path)] || 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  createReadStream(path).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`Serving ${root} on http://127.0.0.1:${port}/`));
