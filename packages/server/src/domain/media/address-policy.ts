import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may reach for a URL a caller gave. POST /media takes a "public http or
 * https URL", so only public unicast: IPv4 as ipaddr.js calls `unicast`; IPv6 in 2000::/3 only,
 * minus its special ranges, and never a form that embeds an IPv4 address (the refusal names it).
 * SOCIALPUB_IMPORT_ALLOW names exceptions (`host`, `host:port`, `CIDR`, `CIDR:port`, `[v6]:port`).
 * The ranges in full: docs/architecture.md, "One fetch guard".
 */
export type AllowEntry =
  | { readonly kind: 'host'; readonly host: string; readonly port: number | null }
  | {
      readonly kind: 'range';
      readonly range: [ipaddr.IPv4 | ipaddr.IPv6, number];
      readonly port: number | null;
    };

export interface ImportAllowList {
  readonly entries: readonly AllowEntry[];
}

/** An allow-list entry that cannot be read; the server refuses to start with this message. */
export class AllowListEntryError extends Error {
  constructor(entry: string, why: string) {
    super(
      `SOCIALPUB_IMPORT_ALLOW entry "${entry}" cannot be read: ${why}. ` +
        'Use host, host:port, an IP address or CIDR range, optionally with :port ([IPv6]:port for IPv6).',
    );
    this.name = 'AllowListEntryError';
  }
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

function readPort(entry: string, text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65_535) {
    throw new AllowListEntryError(entry, `"${text}" is not a port from 1 to 65535`);
  }
  return Number(text);
}

function readRange(entry: string, text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) throw new AllowListEntryError(entry, `"${text}" is not a CIDR range`);
    return ipaddr.parseCIDR(text);
  }
  const family = isIP(text);
  if (family === 0) throw new AllowListEntryError(entry, `"${text}" is not an IP address`);
  return [ipaddr.parse(text), family === 4 ? 32 : 128];
}

function readEntry(raw: string): AllowEntry {
  const entry = raw.trim();
  // [IPv6] or [IPv6/len], optionally with :port.
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) {
    const port = bracketed[2] === undefined ? null : readPort(entry, bracketed[2]);
    const range = readRange(entry, bracketed[1] ?? '');
    if (range[0].kind() !== 'ipv6') throw new AllowListEntryError(entry, 'brackets are for IPv6 only');
    return { kind: 'range', range, port };
  }
  // Two or more colons without brackets: a bare IPv6 address or range, no port.
  if ((entry.match(/:/g) ?? []).length >= 2)
    return { kind: 'range', range: readRange(entry, entry), port: null };
  const [address = '', portText] = entry.split(':');
  const port = portText === undefined ? null : readPort(entry, portText);
  if (/^[\d./]+$/.test(address)) return { kind: 'range', range: readRange(entry, address), port };
  const host = address.toLowerCase().replace(/\.$/, '');
  if (!HOST_NAME.test(host)) throw new AllowListEntryError(entry, `"${address}" is not a host name`);
  return { kind: 'host', host, port };
}

/** Reads the allow-list; throws AllowListEntryError on the first entry that cannot be read. */
export function parseImportAllow(entries: readonly string[]): ImportAllowList {
  return { entries: entries.filter((entry) => entry.trim() !== '').map(readEntry) };
}

/** The port a URL is reached on (the scheme's default when it names none). */
export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

const portMatches = (entryPort: number | null, port: number | undefined) =>
  entryPort === null || entryPort === port;

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

interface Ipv6Ranges {
  globalUnicast: Cidr;
  /** Inside 2000::/3 but not public: IETF protocol assignments (with Teredo), documentation, 6to4. */
  special: Cidr[];
  nat64Local: Cidr;
}

let parsedIpv6Ranges: Ipv6Ranges | undefined;

/** Parsed at the first address checked, not at load: ipaddr.js's IPv6 parsing is slow to warm up. */
function ipv6Ranges(): Ipv6Ranges {
  parsedIpv6Ranges ??= {
    globalUnicast: ipaddr.parseCIDR('2000::/3'),
    special: ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'].map((text) => ipaddr.parseCIDR(text)),
    nat64Local: ipaddr.parseCIDR('64:ff9b:1::/48'),
  };
  return parsedIpv6Ranges;
}

/** The IPv4 address an IPv6 address carries in its low 32 bits, for the refusal's message. */
function embeddedIpv4(address: ipaddr.IPv6): string | null {
  const range = address.range();
  const parts = address.parts;
  const high = parts.slice(0, 6).every((part) => part === 0);
  const carries =
    range === 'ipv4Mapped' ||
    range === 'rfc6145' ||
    range === 'rfc6052' ||
    (high && (parts[6] !== 0 || (parts[7] ?? 0) > 1));
  if (address.match(ipv6Ranges().nat64Local)) {
    // RFC 6052 with a /48 prefix: the IPv4 address straddles the reserved u octet (byte 8).
    const bytes = address.toByteArray();
    return ipaddr.fromByteArray([bytes[6] ?? 0, bytes[7] ?? 0, bytes[9] ?? 0, bytes[10] ?? 0]).toString();
  }
  if (range === '6to4') return ipaddr.fromByteArray(address.toByteArray().slice(2, 6)).toString();
  if (range === 'teredo') {
    // The client address is stored inverted in the last 32 bits.
    return ipaddr
      .fromByteArray(
        address
          .toByteArray()
          .slice(12, 16)
          .map((byte) => byte ^ 0xff),
      )
      .toString();
  }
  if (!carries) return null;
  return ipaddr.fromByteArray(address.toByteArray().slice(12, 16)).toString();
}

/**
 * Why an address is not public, or null when it is. The text names the range, and for an IPv6
 * form that carries an IPv4 address, that address.
 */
export function nonPublicReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : `${address} is not a public address (${range})`;
  }
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded !== null) {
    return `${address} embeds the IPv4 address ${embedded} (${v6.range()} form) and is not a public address`;
  }
  const { globalUnicast, special } = ipv6Ranges();
  const global = v6.match(globalUnicast) && !special.some((cidr) => v6.match(cidr));
  if (!global || v6.range() !== 'unicast') return `${address} is not a public address (${v6.range()})`;
  return null;
}

function inAllowedRange(
  address: ipaddr.IPv4 | ipaddr.IPv6,
  port: number | undefined,
  allow: ImportAllowList,
) {
  return allow.entries.some(
    (entry) =>
      entry.kind === 'range' &&
      portMatches(entry.port, port) &&
      entry.range[0].kind() === address.kind() &&
      address.match(entry.range),
  );
}

/**
 * True when a resolved address may be reached on `port`: public, or in an allowed range (with
 * that port when the entry names one; without a port only entries without one match).
 */
export function isAddressAllowed(address: string, allow: ImportAllowList, port?: number): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (inAllowedRange(ipaddr.parse(address), port, allow)) return true;
  return nonPublicReason(address) === null;
}

/** URL host without the brackets of an IPv6 literal, lower case. */
export function bareHostName(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** True when the URL's host name (and port) is named in the allow-list. */
export function isHostNameAllowed(url: URL, allow: ImportAllowList): boolean {
  const host = bareHostName(url).replace(/\.$/, '');
  const port = urlPort(url);
  return allow.entries.some(
    (entry) => entry.kind === 'host' && entry.host === host && portMatches(entry.port, port),
  );
}
