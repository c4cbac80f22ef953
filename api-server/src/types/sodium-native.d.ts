// The part of sodium-native (libsodium) the server uses; the package ships no types of its own.
declare module 'sodium-native' {
  export const crypto_sign_BYTES: number;
  export const crypto_sign_SECRETKEYBYTES: number;
  export const crypto_sign_PUBLICKEYBYTES: number;
  export const crypto_sign_SEEDBYTES: number;
  export function crypto_sign_seed_keypair(publicKey: Buffer, secretKey: Buffer, seed: Buffer): void;
  export function crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
}
