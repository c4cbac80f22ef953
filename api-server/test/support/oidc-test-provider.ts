import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';

/** One person at the test provider: the claims its ID tokens carry. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  groups: string[];
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Rewrites the next token answers' ID token (a tampered or forged one); undefined leaves them as issued. */
  rewriteIdToken?: (idToken: string) => string;
  /** Signs an ID token with the provider's own key (a forged one that only the claims give away). */
  sign: (header: Record<string, unknown>, payload: Record<string, unknown>) => string;
  /** Follows an authorization URL through the provider's own login and consent pages to the redirect it ends on. */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 in this process, with one confidential client whose
 * redirect URI is the server's SSO callback, its development login and consent pages, and accounts whose claims the
 * test sets. Its token endpoint can be made to hand out a rewritten ID token.
 */
export async function startOidcTestProvider(redirectUri: string): Promise<OidcTestProvider> {
  const { default: Provider } = await import('oidc-provider');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'producthub-test';
  const clientSecret = `secret-${randomUUID()}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  // The development pages warn on every start; their use is the point here.
  provider.on('server_error', () => undefined);
  const handle = provider.callback();
  const fixture: OidcTestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    sign(header, payload) {
      const input = `${base64url({ kid, alg: 'RS256', ...header })}.${base64url(payload)}`;
      return `${input}.${createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url')}`;
    },
    async signIn(authorizationUrl, login) {
      const cookies = new Map<string, string>();
      const keep = (response: Response) => {
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const [name, ...value] = pair.split('=');
          cookies.set(name, value.join('='));
        }
      };
      const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      let url = new URL(authorizationUrl);
      let form: Record<string, string> | undefined;
      for (let step = 0; step < 12; step += 1) {
        if (!url.href.startsWith(issuer)) return url;
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          headers: {
            cookie: cookieHeader(),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form ? new URLSearchParams(form).toString() : undefined,
          redirect: 'manual',
        });
        keep(response);
        form = undefined;
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url);
          continue;
        }
        const page = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
        if (!action) throw new Error(`The provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
        form = page.includes('name="prompt" value="login"')
          ? { prompt: 'login', login, password: 'any' }
          : { prompt: 'consent' };
        url = new URL(action, url);
      }
      throw new Error('The provider never redirected back.');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const rewrite = fixture.rewriteIdToken;
    if (rewrite && request.url?.startsWith('/token')) {
      const end = response.end.bind(response) as (body?: unknown) => ServerResponse;
      response.end = ((body?: unknown) => {
        if (body === undefined || body === null) return end(body);
        const answer = JSON.parse(String(body)) as { id_token?: string };
        if (answer.id_token) answer.id_token = rewrite(answer.id_token);
        const text = JSON.stringify(answer);
        response.setHeader('content-length', Buffer.byteLength(text));
        return end(text);
      }) as ServerResponse['end'];
    }
    void handle(request, response);
  });
  return fixture;
}
