/**
 * jsdom has no fetch API, yet a data router (createMemoryRouter) builds a `Request` for every navigation.
 * The router only reads its url, method, signal and headers on the GET navigations tests make.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  readonly headers = { get: (): string | null => null };

  constructor(input: string | URL | NavigationRequest, init: RequestInit = {}) {
    this.url = input instanceof NavigationRequest ? input.url : String(input);
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? new AbortController().signal;
  }
}

export function provideNavigationRequest(): void {
  globalThis.Request ??= NavigationRequest as unknown as typeof Request;
}
