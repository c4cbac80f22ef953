import type { Page } from '@playwright/test';
import { E2E_PORT } from './stack';

/** The e2e console at localhost: where a passkey is made and used (see below). */
export const LOCALHOST_CONSOLE = `http://localhost:${E2E_PORT}`;

/**
 * Chromium's virtual WebAuthn authenticator (DevTools protocol) on the page's browser: a platform authenticator that
 * verifies the user, so passkeys are made and used without a person. Browsers take no IP address as a passkey's RP
 * ID: the server names its loopback address localhost (api-server/src/two-factor/relying-party.ts), so the console
 * is opened at LOCALHOST_CONSOLE where a passkey is used.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}
