import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Body = Record<string, unknown>;

/**
 * A loopback relay between the example plugin and the real server: every request goes on unchanged and every answer
 * comes back as the server gave it, so the plugin talks to ProductHub itself. A test reads the bodies the plugin
 * sent, and can act at a moment the plugin cannot be stopped at: change a request's body on its way (what a proxy
 * or an older server would do), or run something once right after a route answered (staff changing the licence
 * between the plugin's update check and its download).
 */
export class Relay {
  /** The JSON bodies the plugin sent, by `METHOD path` (path without the query), oldest first. */
  readonly sent: { route: string; body: Body | undefined }[] = [];
  private readonly rewrites = new Map<string, (body: Body) => Body>();
  private readonly afterOnce = new Map<string, () => Promise<unknown>>();
  private server?: Server;
  url = '';

  constructor(private readonly target: string) {}

  /** Every request to `route` reaches the server with this body instead (until `reset`). */
  rewrite(route: string, change: (body: Body) => Body) {
    this.rewrites.set(route, change);
  }

  /** Runs `work` once, after the next answer to `route` and before the plugin receives it. */
  after(route: string, work: () => Promise<unknown>) {
    this.afterOnce.set(route, work);
  }

  reset() {
    this.sent.length = 0;
    this.rewrites.clear();
    this.afterOnce.clear();
  }

  lastBody(route: string): Body | undefined {
    return [...this.sent].reverse().find((request) => request.route === route)?.body;
  }

  async start() {
    this.server = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const route = `${incoming.method} ${incoming.url!.split('?')[0]}`;
      let payload = Buffer.concat(chunks);
      const body = payload.length > 0 ? (JSON.parse(payload.toString('utf8')) as Body) : undefined;
      this.sent.push({ route, body });
      const change = this.rewrites.get(route);
      if (change && body) payload = Buffer.from(JSON.stringify(change(body)));
      const answer = await fetch(`${this.target}${incoming.url}`, {
        method: incoming.method,
        headers: incoming.headers['content-type'] ? { 'content-type': incoming.headers['content-type'] } : {},
        body: payload.length > 0 ? payload : undefined,
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const work = this.afterOnce.get(route);
      this.afterOnce.delete(route);
      await work?.();
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'retry-after', 'etag']) {
        const value = answer.headers.get(name);
        if (value) headers[name] = value;
      }
      outgoing.writeHead(answer.status, headers);
      outgoing.end(bytes);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>(
      (resolve, reject) => this.server?.close((error) => (error ? reject(error) : resolve())) ?? resolve(),
    );
  }
}
