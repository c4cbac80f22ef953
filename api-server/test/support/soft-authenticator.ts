import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for API tests: it makes a P-256 credential ("none" attestation) and signs
 * assertions as a real authenticator does (authenticator data, then a signature over it and the client data's
 * hash), so the server's checks by @simplewebauthn/server run on real answers.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url');
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject };
  counter = 0;

  constructor(
    private readonly rpId = 'localhost',
    private readonly origin = 'http://localhost',
  ) {
    this.keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  /** The browser's answer to registration options (`{ challenge }` is all it reads of them). */
  register(options: { challenge: string }, origin = this.origin) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cosePublicKey)]);
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to authentication options; each assertion moves the counter on. */
  assert(options: { challenge: string }, origin = this.origin) {
    this.counter += 1;
    const authData = this.authenticatorData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const clientDataHash = createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest();
    const signature = sign('sha256', Buffer.concat([authData, clientDataHash]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }

  private authenticatorData(flags: number, attested: Buffer = Buffer.alloc(0)): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, attested]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
  }
}
