import { domainToASCII } from 'node:url';

/**
 * One spelling per mailbox, for the acknowledgement limit only: the local part unquoted
 * (`"a.b"@x` is `a.b@x`), without a `+tag` and lower-cased (most servers treat it so; treating two
 * mailboxes that differ only in case as one costs at most a missing acknowledgement, never an extra
 * one); the domain lower-cased, in punycode (`bücher.example` is `xn--bcher-kva.example`), without a
 * trailing dot. Never stored or sent anywhere: it is hashed (FieldCipher.emailHash) into the limit's key.
 */
export function canonicalMailbox(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) {
    return trimmed.normalize('NFC').toLowerCase();
  }
  let local = trimmed.slice(0, at);
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) {
    local = local.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  const plus = local.indexOf('+');
  if (plus > 0) {
    local = local.slice(0, plus);
  }
  const domain = trimmed
    .slice(at + 1)
    .replace(/\.$/, '')
    .normalize('NFC')
    .toLowerCase();
  return `${local.normalize('NFC').toLowerCase()}@${domainToASCII(domain) || domain}`;
}
