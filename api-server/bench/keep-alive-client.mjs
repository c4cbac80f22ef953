// The bench's HTTP/1.1 client: one keep-alive socket per worker, requests written as bytes, answers read by their
// Content-Length (or chunks). The load generator shares the machine's two cores with the server and PostgreSQL;
// node's http client spent about 0.15 ms of CPU per heart-beat there, half of what the server spent answering it,
// and this one spends a fraction of that, so the rows measure the server more than the bench.
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * One answer read off the bytes received so far: { status, body, rest } once it is complete, else null. Throws on
 * what an HTTP/1.1 server does not send.
 */
function readAnswer(bytes) {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = bytes.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  if (!head.startsWith('HTTP/1.1 ') || !Number.isInteger(status)) throw new Error(`not an HTTP/1.1 answer: ${head}`);
  const start = headEnd + HEAD_END.length;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const end = start + Number(length[1]);
    return bytes.length < end ? null : { status, body: bytes.subarray(start, end), rest: bytes.subarray(end) };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head))
    return { status, body: Buffer.alloc(0), rest: bytes.subarray(start) };
  const chunks = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(bytes.toString('latin1', at, lineEnd), 16);
    const dataEnd = lineEnd + CRLF.length + size;
    if (bytes.length < dataEnd + CRLF.length) return null;
    if (size === 0) return { status, body: Buffer.concat(chunks), rest: bytes.subarray(dataEnd + CRLF.length) };
    chunks.push(bytes.subarray(lineEnd + CRLF.length, dataEnd));
    at = dataEnd + CRLF.length;
  }
}

/**
 * A keep-alive connection from `localAddress` to `api`'s host: `request` sends one request at a time and answers
 * { status, body } (body: the answer's bytes). A socket the server closed is opened again for the next request.
 */
export function keepAliveConnection(api, localAddress) {
  const { hostname, port } = new URL(api);
  const host = `${hostname}:${port}`;
  let socket = null;
  let received = Buffer.alloc(0);
  let waiting = null;

  const fail = (error) => {
    socket?.destroy();
    socket = null;
    const settle = waiting;
    waiting = null;
    settle?.reject(error);
  };
  const open = () => {
    received = Buffer.alloc(0);
    const opened = net.connect({ host: hostname, port: Number(port), localAddress, noDelay: true });
    opened.on('data', (chunk) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      let answer;
      try {
        answer = readAnswer(received);
      } catch (error) {
        return fail(error);
      }
      if (!answer || !waiting) return;
      received = answer.rest;
      const settle = waiting;
      waiting = null;
      settle.resolve({ status: answer.status, body: answer.body });
    });
    opened.on('error', (error) => fail(error));
    opened.on('close', () => {
      if (socket === opened) socket = null;
      if (waiting) fail(new Error(`the server closed the connection before answering`));
    });
    return opened;
  };

  return {
    /** One request; `payload` is a string or bytes. */
    request({ method = 'POST', path, headers = {}, payload, timeoutMs = 30_000 }) {
      if (waiting) return Promise.reject(new Error('one request at a time on a connection'));
      socket ??= open();
      const body = payload === undefined ? undefined : Buffer.from(payload);
      let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      head += body === undefined ? '\r\n' : `content-length: ${body.length}\r\n\r\n`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => fail(new Error(`${path} timed out after ${timeoutMs / 1000} s`)), timeoutMs);
        waiting = {
          resolve: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        socket.write(body === undefined ? head : Buffer.concat([Buffer.from(head, 'latin1'), body]));
      });
    },
    close() {
      socket?.destroy();
      socket = null;
    },
  };
}
