import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error';

export const BODY_NOT_UTF8 = 'The request body is not valid UTF-8 text: send it encoded as UTF-8.';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text, or undefined when its bytes are not UTF-8 (a lone byte would otherwise become U+FFFD). */
export function strictUtf8Text(bytes: Buffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * JSON and plain-text bodies are read as bytes and decoded strictly: the framework's own parsers decode with
 * replacement, so two fingerprints differing only in bad bytes would be stored (and signed) as the same text.
 */
export function refuseNonUtf8Bodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = strictUtf8Text(body as Buffer);
    if (text === undefined) return done(badRequest(BODY_NOT_UTF8), undefined);
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = strictUtf8Text(body as Buffer);
    done(text === undefined ? badRequest(BODY_NOT_UTF8) : null, text);
  });
}
