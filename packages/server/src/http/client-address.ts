import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type ProxyAddr from 'proxy-addr';
import { proxyAddrModule, type TrustProxy } from '../trust-proxy.js';

export { parseTrustProxy, type TrustProxy } from '../trust-proxy.js';

/** The address of a request that came with no socket (`app.request()` in tests). */
export const NO_SOCKET_ADDRESS = 'local';

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
  /** The trusted hops, with proxy-addr itself: loaded only when a proxy is trusted. */
  readonly #forwarding: { proxyAddr: typeof ProxyAddr; trust: TrustFunction } | null;

  constructor(trust: TrustProxy | undefined) {
    if (trust === undefined) {
      this.#forwarding = null;
    } else {
      const proxyAddr = proxyAddrModule();
      this.#forwarding = { proxyAddr, trust: compileTrust(proxyAddr, trust) };
    }
  }

  /** Whether forwarding headers are read at all (a trusted proxy is configured). */
  get trustsProxy(): boolean {
    return this.#forwarding !== null;
  }

  /** The client address of a request on Node's own objects; `local` without a socket. */
  of(incoming: IncomingParts | undefined): string {
    const socketAddress = incoming?.socket?.remoteAddress;
    if (socketAddress === undefined) return NO_SOCKET_ADDRESS;
    const forwarding = this.#forwarding;
    if (forwarding === null) return socketAddress;
    const forwardedFor = incoming?.headers?.['x-forwarded-for'];
    if (forwardedFor === undefined) return socketAddress;
    return forwarding.proxyAddr(
      { socket: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': forwardedFor } } as never,
      forwarding.trust,
    );
  }

  /**
   * Whether the socket's peer is a trusted proxy, whose `X-Forwarded-Host` and `X-Forwarded-Proto`
   * are then read too.
   */
  peerIsTrusted(incoming: IncomingParts | undefined): boolean {
    const socketAddress = incoming?.socket?.remoteAddress;
    return (
      this.#forwarding !== null && socketAddress !== undefined && this.#forwarding.trust(socketAddress, 0)
    );
  }
}

function compileTrust(proxyAddr: typeof ProxyAddr, trust: TrustProxy): TrustFunction {
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
