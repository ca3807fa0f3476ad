import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a URL import may reach. POST /media takes a "public http or https URL", so every
 * address that is not public unicast is refused: private, loopback, link-local (with the cloud
 * metadata address 169.254.169.254), unique-local (fd00:ec2::254), multicast, reserved,
 * unspecified, carrier-grade NAT and IPv4-mapped IPv6. ipaddr.js classifies the ranges
 * (`range() === 'unicast'` only for public addresses), so no hand-written pattern decides.
 *
 * SOCIALPUB_IMPORT_ALLOW (reference-server.md) names exceptions: an IP address or CIDR range
 * allows those addresses; a host name allows whatever that name resolves to (the operator named
 * that host, e.g. a file server on the same machine).
 */
export interface ImportAllowList {
  /** Lower-case host names allowed whatever they resolve to. */
  readonly hostNames: ReadonlySet<string>;
  /** IP addresses and ranges as CIDR text (a single address gets /32 or /128). */
  readonly cidrs: readonly string[];
}

type ParsedCidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export function parseImportAllow(entries: readonly string[]): ImportAllowList {
  const hostNames = new Set<string>();
  const cidrs: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().replace(/^\[(.*)\]$/, '$1');
    if (entry === '') continue;
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) {
      cidrs.push(entry);
    } else if (isIP(entry) !== 0) {
      cidrs.push(`${entry}/${isIP(entry) === 4 ? 32 : 128}`);
    } else {
      hostNames.add(entry.toLowerCase());
    }
  }
  return { hostNames, cidrs };
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, cidrs: readonly string[]): boolean {
  for (const text of cidrs) {
    const cidr: ParsedCidr = ipaddr.parseCIDR(text);
    if (cidr[0].kind() === address.kind() && address.match(cidr)) return true;
  }
  return false;
}

/** True when a resolved address may be reached: public unicast, or in an allowed range. */
export function isAddressAllowed(address: string, allow: ImportAllowList): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (inRanges(parsed, allow.cidrs)) return true;
  return parsed.range() === 'unicast';
}

/** URL host without the brackets of an IPv6 literal, lower case. */
export function bareHostName(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

export function isHostNameAllowed(url: URL, allow: ImportAllowList): boolean {
  return allow.hostNames.has(bareHostName(url));
}
