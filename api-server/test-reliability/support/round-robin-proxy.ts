import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy could not deliver to any instance, answered 502. */
export interface ProxyFailure {
  method: string;
  path: string;
  /** The instance (index into the upstream list) the request was lost on. */
  upstream: number;
  /** The request had reached the instance (connected and sent), so it may have been processed. */
  sent: boolean;
  startedAt: number;
  failedAt: number;
  reason: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Answers received from each instance. */
  served: number[];
  /** Requests moved to the next instance after the first one failed. */
  retried: number;
  failures: ProxyFailure[];
  close: () => Promise<void>;
}

export const UPSTREAM_HEADER = 'x-proxy-upstream';
const IDEMPOTENT = new Set(['GET', 'HEAD']);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

class UpstreamError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

async function readBounded(stream: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error(`more than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** One attempt on one instance: a fresh connection (no keep-alive), the whole answer read before it counts. */
function forward(
  port: number,
  incoming: IncomingMessage,
  body: Buffer,
  maxBytes: number,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = false;
    const headers = { ...incoming.headers, host: `127.0.0.1:${port}`, connection: 'close' };
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers,
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        readBounded(response, maxBytes).then(
          (data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }),
          (error: Error) => reject(new UpstreamError(`answer cut off: ${error.message}`, true)),
        );
      },
    );
    outgoing.on('socket', (socket) => socket.once('connect', () => (sent = true)));
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // ECONNREFUSED and the like: nothing reached the instance, so the request may go to another one whatever it is.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      reject(new UpstreamError(error.code ?? error.message, sent)),
    );
    outgoing.end(body);
  });
}

/**
 * A small load balancer for tests, on loopback: each request goes to the next instance in turn. A request that
 * never reached an instance (connection refused) is tried on the next one, as is a GET or HEAD that failed in
 * any way (idempotent); a write that reached an instance which then died is answered 502 and recorded, since
 * it may or may not have been applied. This is what nginx's `proxy_next_upstream error timeout` does.
 */
export async function startRoundRobinProxy(
  upstreamPorts: number[],
  { maxBytes = 4 * 1024 * 1024, timeoutMs = 20_000 } = {},
): Promise<RoundRobinProxy> {
  const served = upstreamPorts.map(() => 0);
  const failures: ProxyFailure[] = [];
  let next = 0;
  let retried = 0;

  const server = createServer((incoming, outgoing) => {
    const startedAt = Date.now();
    void (async () => {
      let body: Buffer;
      try {
        body = await readBounded(incoming, maxBytes);
      } catch {
        outgoing.writeHead(413).end();
        return;
      }
      const first = next++ % upstreamPorts.length;
      for (let attempt = 0; attempt < upstreamPorts.length; attempt++) {
        const upstream = (first + attempt) % upstreamPorts.length;
        try {
          const answer = await forward(upstreamPorts[upstream], incoming, body, maxBytes, timeoutMs);
          served[upstream]++;
          const headers = { ...answer.headers, [UPSTREAM_HEADER]: String(upstream), connection: 'close' };
          delete headers['transfer-encoding'];
          outgoing
            .writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) })
            .end(answer.body);
          return;
        } catch (error) {
          const { message, sent } = error as UpstreamError;
          const last = attempt === upstreamPorts.length - 1;
          if (!last && (!sent || IDEMPOTENT.has(incoming.method ?? ''))) {
            retried++;
            continue;
          }
          failures.push({
            method: incoming.method ?? '',
            path: incoming.url ?? '',
            upstream,
            sent,
            startedAt,
            failedAt: Date.now(),
            reason: message,
          });
          outgoing
            .writeHead(502, { 'content-type': 'application/json' })
            .end(JSON.stringify({ message: ['No instance answered.'] }));
          return;
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    get retried() {
      return retried;
    },
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
