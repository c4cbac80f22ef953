import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The idle limit (`connectionTimeout`) is for the client: a socket on which nothing moved for that long is
 * closed while the request is still arriving, while the answer is being sent, or between requests; but not
 * while a handler is still working on a complete request (a queue of slow logins on a busy machine), which
 * Node would otherwise cut off too.
 */
export function closeOnlyIdleClients(app: FastifyInstance): void {
  const answering = new WeakMap<Socket, ServerResponse>();
  app.addHook('onRequest', (request, reply, done) => {
    answering.set(request.raw.socket, reply.raw);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    answering.delete(request.raw.socket);
    done();
  });
  // With a listener here Node leaves the decision to us.
  app.server.on('timeout', (socket: Socket) => {
    const response = answering.get(socket);
    const working = response !== undefined && response.req.complete && !response.headersSent;
    if (!working) socket.destroy();
  });
}
