import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from 'shared-kit/contract';
import type { RelyingParty } from './relying-party';

type StoredPasskey = { credential_id: string; public_key: Buffer; counter: string; transports: string[] };

const transportsOf = (passkey: { transports: string[] }) => passkey.transports as AuthenticatorTransport[];

/** The challenge the browser signed, from its client data; undefined when that is not readable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 256 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export function registrationOptions(
  rp: RelyingParty,
  user: { systemUserId: number; email: string },
  existing: StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(`system-user-${user.systemUserId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export function authenticationOptions(rp: RelyingParty, passkeys: StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    userVerification: 'preferred',
  });
}

/** The new credential when the browser's answer is right for the challenge, origin and RP ID; else undefined. */
export async function checkRegistration(rp: RelyingParty, response: PasskeyRegistrationResponse, challenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo.credential : undefined;
  } catch {
    // The library throws on every malformed or mismatched answer (origin, RP ID, challenge, attestation).
    return undefined;
  }
}

/** The passkey's new counter when its signature over the challenge is right (and the counter moved on where kept). */
export async function checkAuthentication(
  rp: RelyingParty,
  response: PasskeyAuthenticationResponse,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
