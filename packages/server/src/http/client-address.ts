import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';

/** The address of a request that came with no socket (`app.request()` in tests). */
export const NO_SOCKET_ADDRESS = 'local';

/**
 * Which peers may speak for the client (SOCIALPUB_TRUST_PROXY): the last `hops` forwarding hops,
 * or exactly the peers in `addresses` (addresses, CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). Unset, no forwarding header is read.
 */
export type TrustProxy = { hops: number } | { addresses: readonly string[] };

/** Decides whether the `hop`th address from the socket (0 = the socket's peer) may forward. */
type TrustFunction = (address: string, hop: number) => boolean;

/** The parts of Node's request the address is read from (tests pass only a socket). */
type IncomingParts = Partial<Pick<IncomingMessage, 'headers'>> & {
  socket?: { remoteAddress?: string | undefined } | undefined;
};

/**
 * The one client address of a request, worked out once in the pipeline's first steps (pipeline-steps.ts)
 * and read by every per-address rule and the request log:
 * without a trusted proxy the socket's peer, whatever the forwarding headers say; with one, the
 * first address in `X-Forwarded-For` (proxy-addr's walk) that no trusted hop added.
 */
export class ClientAddresses {
  readonly #trust: TrustFunction | null;

  constructor(trust: TrustProxy | undefined) {
    this.#trust = trust === undefined ? null : compileTrust(trust);
  }

  /** Whether forwarding headers are read at all (a trusted proxy is configured). */
  get trustsProxy(): boolean {
    return this.#trust !== null;
  }

  /** The client address of a request on Node's own objects; `local` without a socket. */
  of(incoming: IncomingParts | undefined): string {
    const socketAddress = incoming?.socket?.remoteAddress;
    if (socketAddress === undefined) return NO_SOCKET_ADDRESS;
    if (this.#trust === null) return socketAddress;
    const forwardedFor = incoming?.headers?.['x-forwarded-for'];
    if (forwardedFor === undefined) return socketAddress;
    return proxyAddr(
      { socket: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': forwardedFor } } as never,
      this.#trust,
    );
  }

  /**
   * Whether the socket's peer is a trusted proxy, whose `X-Forwarded-Host` and `X-Forwarded-Proto`
   * are then read too.
   */
  peerIsTrusted(incoming: IncomingParts | undefined): boolean {
    const socketAddress = incoming?.socket?.remoteAddress;
    return this.#trust !== null && socketAddress !== undefined && this.#trust(socketAddress, 0);
  }
}

function compileTrust(trust: TrustProxy): TrustFunction {
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile([...trust.addresses]);
}

/** The request's client address, as its first step set it (`local` when none did: parts-built apps). */
export function clientAddress(c: Context): string {
  return (c.get('clientAddress' as never) as string | undefined) ?? NO_SOCKET_ADDRESS;
}

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
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(
      `SOCIALPUB_TRUST_PROXY: ${(error as Error).message} in "${raw}". Give a hop count (1) or addresses and CIDR ranges (127.0.0.1, 10.0.0.0/8, ::1).`,
    );
  }
  return { addresses };
}
