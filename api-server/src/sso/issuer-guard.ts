import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { SSO_ISSUER_REFUSED, SSO_ISSUER_UNRESOLVABLE } from 'shared-kit/contract';
import { resolveTarget, TargetRefused } from '../webhooks/target-guard';

export { TargetRefused as IssuerRefused };

/** Loopback, private and link-local issuers are refused unless the operator allows them (tests, an own network). */
export const allowPrivateIssuers = (env: NodeJS.ProcessEnv = process.env) =>
  env.PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS === 'true';

const ISSUER_MESSAGES = { unresolvable: SSO_ISSUER_UNRESOLVABLE, refused: SSO_ISSUER_REFUSED };
/** A provider's answers (discovery, keys, tokens, userinfo) are small; more is not read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The addresses the issuer's host resolves to, every one public unless private issuers are allowed. */
export function resolveIssuerHost(url: URL, allowPrivate = allowPrivateIssuers()): Promise<LookupAddress[]> {
  return resolveTarget(url.hostname, allowPrivate, ISSUER_MESSAGES);
}

/**
 * The `fetch` openid-client makes every call to the provider with (discovery, keys, token, userinfo): the host is
 * resolved and checked like a webhook target, then the connection goes to the checked address, so a second lookup
 * (DNS rebinding) cannot send it elsewhere. Redirects are not followed: openid-client asks for none.
 */
export function guardedFetch(allowPrivate = allowPrivateIssuers()): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const [address] = await resolveIssuerHost(url, allowPrivate);
    const headers = new Headers(init?.headers);
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
    if (body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)));
    return new Promise<Response>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: init?.method ?? 'GET',
          headers: Object.fromEntries(headers),
          lookup: (_hostname, options, callback) => {
            if ((options as { all?: boolean }).all)
              (callback as (e: null, a: LookupAddress[]) => void)(null, [address]);
            else (callback as (e: null, a: string, f: number) => void)(null, address.address, address.family);
          },
          signal: init?.signal ?? undefined,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let received = 0;
          answer.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_ANSWER_BYTES) answer.destroy(new Error('The provider answered too much.'));
            else chunks.push(chunk);
          });
          answer.on('error', reject);
          answer.on('end', () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(answer.headers))
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
                answerHeaders.append(name, one);
            const status = answer.statusCode ?? 502;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
