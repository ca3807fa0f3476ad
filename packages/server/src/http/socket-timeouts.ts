import type { ServerOptions } from 'node:http';

/**
 * How long a connection may take over what it owes (reference-server.md, "A team's server behind
 * a proxy"): a request's headers within `headersMs` (a slowloris client that trickles header
 * lines is answered 408 and closed), and an idle keep-alive connection is closed after
 * `keepAliveMs`. Node looks for late headers every `checkEveryMs`; its default, 30 s, would let a
 * socket live up to 40 s. Bodies have no deadline: a slow 6 MiB upload chunk must never be cut off.
 */
export interface SocketTimeouts {
  headersMs: number;
  keepAliveMs: number;
  checkEveryMs: number;
}

export const SOCKET_TIMEOUTS: SocketTimeouts = { headersMs: 10_000, keepAliveMs: 5_000, checkEveryMs: 1_000 };

/** Node's listener options for these timeouts (the one set for every listener the server opens). */
export function listenerOptions(timeouts: SocketTimeouts = SOCKET_TIMEOUTS): ServerOptions {
  return {
    requestTimeout: 0,
    headersTimeout: timeouts.headersMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
}
