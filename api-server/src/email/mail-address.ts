import { domainToASCII, domainToUnicode } from 'node:url';

export type MailAddressCheck = { ok: true; address: string; needsSmtpUtf8: boolean } | { ok: false; reason: string };

// RFC 5322 atext, plus every non-ASCII character that is not a control, space or separator (RFC 6531 UTF8-non-ascii).
const LOCAL_ATOM = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|(?![\p{C}\p{Z}])[^\x00-\x7f])+$/u;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A recipient checked as RFC 6531 allows: a dot-atom local part (UTF-8 allowed; quoted local parts refused),
 * a host name (an IDN is turned into its A-labels). The address answered is the one to store and send to: an
 * ASCII local part gets the ASCII domain, so no SMTPUTF8 is needed; a UTF-8 local part needs SMTPUTF8 anyway and
 * keeps the domain in Unicode.
 */
export function checkMailAddress(raw: string): MailAddressCheck {
  const text = raw.trim().normalize('NFC');
  const at = text.lastIndexOf('@');
  if (at < 1 || at === text.length - 1) return { ok: false, reason: 'is not a mail address (name@domain)' };
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.startsWith('"')) return { ok: false, reason: 'has a quoted local part, which is not accepted' };
  if (Buffer.byteLength(local) > 64) return { ok: false, reason: 'has a local part longer than 64 bytes' };
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom)))
    return { ok: false, reason: 'has characters a mail address cannot hold before the @' };
  const asciiDomain = domain.startsWith('[') ? '' : domainToASCII(domain);
  const labels = asciiDomain.split('.');
  if (
    !asciiDomain ||
    asciiDomain.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => ASCII_LABEL.test(label)) ||
    /^\d+$/.test(labels[labels.length - 1])
  ) {
    return { ok: false, reason: 'does not have a valid domain after the @' };
  }
  const needsSmtpUtf8 = /[^\x00-\x7f]/.test(local);
  const address = needsSmtpUtf8 ? `${local}@${domainToUnicode(asciiDomain)}` : `${local}@${asciiDomain}`;
  if (Buffer.byteLength(address) > 254) return { ok: false, reason: 'is longer than 254 bytes' };
  return { ok: true, address, needsSmtpUtf8 };
}

export class InvalidMailAddress extends Error {
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`'${address}' ${reason}`);
  }
}

/** The address to store and send to, or InvalidMailAddress saying what is wrong with it. */
export function normalizedMailAddress(raw: string): string {
  const checked = checkMailAddress(raw);
  if (!checked.ok) throw new InvalidMailAddress(raw, checked.reason);
  return checked.address;
}
