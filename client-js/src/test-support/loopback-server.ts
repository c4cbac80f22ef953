import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Answer {
  status?: number;
  json?: unknown;
  bytes?: Buffer;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => Answer;

/** A real HTTP server on 127.0.0.1 whose answers each test sets per `METHOD path` (path without the query). */
export class LoopbackServer {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();
  private server?: Server;
  url = '';

  on(route: string, handler: Handler) {
    this.handlers.set(route, handler);
  }

  async start() {
    this.server = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: incoming.method!,
        path: incoming.url!,
        headers: incoming.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      this.requests.push(request);
      const handler = this.handlers.get(`${request.method} ${request.path.split('?')[0]}`);
      const answer: Answer = handler ? handler(request) : { status: 404, json: { message: ['Not found'] } };
      const body =
        answer.bytes ?? (answer.json === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.json)));
      outgoing.writeHead(answer.status ?? 200, {
        ...(answer.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...answer.headers,
      });
      outgoing.end(body);
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
