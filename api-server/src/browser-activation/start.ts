import {
  BROWSER_ACTIVATION_INTERVAL_SECONDS,
  BROWSER_ACTIVATION_TTL_SECONDS,
  formatUserCode,
  type BrowserActivationStartBody,
  type BrowserActivationStarted,
} from 'shared-kit/contract';
import { portalLink, portalPageAddress } from 'shared-kit/pages';
import type { Db } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import { PRODUCT_WITHOUT_IDENTIFIER } from '../licenses/activation/activate-machine';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { machineNameOf } from '../licenses/machine-name';
import { PRODUCT_NOT_FOUND } from '../clients/client-values';
import { deviceCodeHash, newDeviceCode, newUserCode } from './codes';
import { findProductForRequest, insertRequest, pruneOldRequests } from './queries';
import { PORTAL_SWITCHED_OFF_FOR_PRODUCT } from './words';

/** Draws of a user code before giving up: a clash among 20⁸ codes is already rare. */
const USER_CODE_DRAWS = 5;

/**
 * Starts a request (RFC 8628 §3.1–3.2): checks what activation will need (the fingerprint and machine name by
 * activation's rules, a product with an identifier, its portal switched on) so a request that can never be approved
 * is refused now (a bad body before it counts against the rate limits), then stores it with the device code's hash and a fresh user code.
 */
export async function startBrowserActivation(
  db: Db,
  publicUrl: string,
  body: BrowserActivationStartBody,
  countCall: () => Promise<unknown> = async () => undefined,
): Promise<BrowserActivationStarted> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const machineName = machineNameOf(body.machine_name);
  // Counted against the client limits once the body holds to activation's rules, as an activation is.
  await countCall();
  const product = await findProductForRequest(db, body.product_id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (!product.identifier?.trim()) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);
  if (!product.portal_enabled) throw conflict(PORTAL_SWITCHED_OFF_FOR_PRODUCT);
  await pruneOldRequests(db);
  const deviceCode = newDeviceCode();
  for (let draw = 0; draw < USER_CODE_DRAWS; draw++) {
    const userCode = newUserCode();
    const stored = await insertRequest(db, {
      manufacturerId: product.manufacturer_id,
      productId: product.id,
      deviceCodeHash: deviceCodeHash(deviceCode),
      userCode,
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      licenseFileVersion: body.license_file_version ?? 1,
      machineName,
      intervalSeconds: BROWSER_ACTIVATION_INTERVAL_SECONDS,
      ttlSeconds: BROWSER_ACTIVATION_TTL_SECONDS,
    });
    if (!stored) continue;
    const shown = formatUserCode(userCode);
    const verificationUri = `${publicUrl}${portalPageAddress(product.portal_slug, portalLink('activate'))}`;
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?code=${shown}`,
      expires_in: BROWSER_ACTIVATION_TTL_SECONDS,
      interval: BROWSER_ACTIVATION_INTERVAL_SECONDS,
    };
  }
  throw new Error('no free user code after several draws');
}
