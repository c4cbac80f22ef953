import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export const URL_INVALID = 'The webhook URL must be an absolute http:// or https:// URL without user name or password.';
export const hostUnresolvable = (host: string) => `The webhook URL's host '${host}' could not be resolved.`;
export const targetRefused = (host: string, address: string, range: string) =>
  `The webhook URL's host '${host}' resolves to ${address}, a ${range} address: webhooks are only sent to public addresses (an operator can allow private ones with PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE=true).`;

export class TargetRefused extends Error {}

/** The refusals' wording: the webhook's by default; single sign-on names its issuer instead. */
export interface TargetMessages {
  unresolvable: (host: string) => string;
  refused: (host: string, address: string, range: string) => string;
}
const WEBHOOK_MESSAGES: TargetMessages = { unresolvable: hostUnresolvable, refused: targetRefused };

const DNS_TIMEOUT_MS = 3_000;

/** The URL parsed, or a TargetRefused with the reason. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused(URL_INVALID);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    throw new TargetRefused(URL_INVALID);
  return url;
}

// ::/96 holding an IPv4 address (RFC 4291 deprecated it): ipaddr.js calls it unicast, yet stacks that still honour it
// reach the IPv4 address it holds (::127.0.0.1 is loopback there). No public host is reached this way: refused whole.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * ipaddr.js names every special range; only plain public unicast is a safe target. An IPv4-mapped address is judged
 * as the IPv4 address it maps; NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 and Teredo are their own ranges, refused
 * whatever IPv4 address they carry.
 */
function rangeOf(address: string): string {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE))
    return 'deprecated IPv4-compatible IPv6';
  return range;
}

/** Every address the host resolves to, refused if any is not public (unless private targets are allowed). */
export async function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
  messages: TargetMessages = WEBHOOK_MESSAGES,
): Promise<LookupAddress[]> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        lookup(host, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('DNS timeout')), DNS_TIMEOUT_MS))),
      ]);
    } catch {
      throw new TargetRefused(messages.unresolvable(host));
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(messages.unresolvable(host));
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const range = rangeOf(address);
      if (range !== 'unicast') throw new TargetRefused(messages.refused(host, address, range));
    }
  }
  return addresses;
}

/** Configuration-time check of a webhook URL (the worker checks again before every attempt). */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseTarget(raw);
  await resolveTarget(url.hostname, allowPrivate);
  return url;
}
