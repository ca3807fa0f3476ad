import { createRequire } from 'node:module';
import type ProxyAddr from 'proxy-addr';

const require = createRequire(import.meta.url);

/**
 * proxy-addr, loaded when a trusted proxy is configured: a start without one (the default) never
 * reads its CommonJS modules.
 */
export function proxyAddrModule(): typeof ProxyAddr {
  return require('proxy-addr') as typeof ProxyAddr;
}

/**
 * Which peers may speak for the client (SOCIALPUB_TRUST_PROXY): the last `hops` forwarding hops,
 * or exactly the peers in `addresses` (addresses, CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). Unset, no forwarding header is read.
 */
export type TrustProxy = { hops: number } | { addresses: readonly string[] };

/**
 * Reads SOCIALPUB_TRUST_PROXY: a whole number of hops, or a comma-separated list of addresses and
 * CIDR ranges. Throws a sentence naming what to fix for anything else.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 32) {
      throw new Error(
        `SOCIALPUB_TRUST_PROXY must be a hop count from 1 to 32, or addresses and CIDR ranges; got "${raw}". Leave it unset to trust no proxy.`,
      );
    }
    return { hops };
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  if (addresses.some((entry) => entry === '')) {
    throw new Error(
      `SOCIALPUB_TRUST_PROXY has an empty entry in "${raw}"; separate addresses with single commas.`,
    );
  }
  try {
    proxyAddrModule().compile(addresses);
  } catch (error) {
    throw new Error(
      `SOCIALPUB_TRUST_PROXY: ${(error as Error).message} in "${raw}". Give a hop count (1) or addresses and CIDR ranges (127.0.0.1, 10.0.0.0/8, ::1).`,
    );
  }
  return { addresses };
}
