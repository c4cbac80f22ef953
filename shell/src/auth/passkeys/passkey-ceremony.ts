import type { PasskeyAuthenticationResponse, PasskeyOptions, PasskeyRegistrationResponse } from 'shared-kit';

// @simplewebauthn/browser is loaded only when a passkey is made or used: it stays out of the shell's first load.
const browserLibrary = () => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');

export const PASSKEY_CANCELLED = 'The passkey was not used: the request was cancelled or timed out. Please try again.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys.';

/** What the browser's passkey prompt failed with, in words (a refusal of the server is the caller's). */
function ceremonyProblem(error: unknown): Error {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return new Error(PASSKEY_CANCELLED);
  return error instanceof Error ? error : new Error(PASSKEY_CANCELLED);
}

/** Asks the browser (and the user's authenticator) to make a passkey for the server's registration options. */
export async function createPasskey({ options }: PasskeyOptions): Promise<PasskeyRegistrationResponse> {
  const { startRegistration, browserSupportsWebAuthn } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEYS_UNSUPPORTED);
  try {
    const optionsJSON = options as Parameters<typeof startRegistration>[0]['optionsJSON'];
    return (await startRegistration({ optionsJSON })) as PasskeyRegistrationResponse;
  } catch (error) {
    throw ceremonyProblem(error);
  }
}

/** Asks the browser for one of the user's passkeys to answer the server's authentication options. */
export async function answerWithPasskey({ options }: PasskeyOptions): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication, browserSupportsWebAuthn } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEYS_UNSUPPORTED);
  try {
    const optionsJSON = options as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    return (await startAuthentication({ optionsJSON })) as PasskeyAuthenticationResponse;
  } catch (error) {
    throw ceremonyProblem(error);
  }
}
