import { addressKey } from '../../auth/login-limits';
import { TooManyRequests } from '../../lib/http-error';

/** Previews checked at once per manufacturer and per client address (IPv6 by its /64), on this instance. */
export const PREVIEWS_PER_MANUFACTURER = 2;
export const PREVIEWS_PER_ADDRESS = 3;
/** A preview of the largest file takes a few seconds: the client is told to wait that long. */
export const PREVIEW_RETRY_AFTER_SECONDS = 5;

export const TOO_MANY_PREVIEWS_OF_MANUFACTURER = `Your team already has ${PREVIEWS_PER_MANUFACTURER} imports being checked. Wait a few seconds for one to finish and upload the file again.`;
export const TOO_MANY_PREVIEWS_FROM_ADDRESS = `This address already has ${PREVIEWS_PER_ADDRESS} imports being checked. Wait a few seconds for one to finish and upload the file again.`;

/**
 * Counts the previews in flight, taken before the upload is read and given back when its answer is sent or its
 * connection closes, so a tenant (or an address) uploading many large files at once cannot take the CPU from others.
 */
export function createPreviewSlots() {
  const byManufacturer = new Map<number, number>();
  const byAddress = new Map<string, number>();
  const add = <K>(counts: Map<K, number>, key: K, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    /** Takes a slot, or throws 429; the function given back returns it (once, however often it is called). */
    take(manufacturerId: number, ip: string): () => void {
      const address = addressKey(ip);
      if ((byManufacturer.get(manufacturerId) ?? 0) >= PREVIEWS_PER_MANUFACTURER)
        throw new TooManyRequests(TOO_MANY_PREVIEWS_OF_MANUFACTURER, PREVIEW_RETRY_AFTER_SECONDS);
      if ((byAddress.get(address) ?? 0) >= PREVIEWS_PER_ADDRESS)
        throw new TooManyRequests(TOO_MANY_PREVIEWS_FROM_ADDRESS, PREVIEW_RETRY_AFTER_SECONDS);
      add(byManufacturer, manufacturerId, 1);
      add(byAddress, address, 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        add(byManufacturer, manufacturerId, -1);
        add(byAddress, address, -1);
      };
    },
  };
}
