import dns from 'node:dns';
import http, { type ClientRequestArgs } from 'node:http';
import https, { type RequestOptions } from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ImportAllowList, isAddressAllowed, nonPublicReason } from './address-policy.js';

/**
 * The connect-time half of the address guard: the agent checks the address actually dialled, after
 * every name resolution made for the connection, so a name that resolved to a public address when
 * the URL was checked and to a private one now (DNS rebinding) is refused before connect(). It asks
 * address-policy.ts, so the allow-list's ports and IPv6 forms embedding IPv4 follow the one policy.
 */
export class AddressNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressNotAllowedError';
  }
}

export interface ConnectGuard {
  allow: ImportAllowList;
  /** The port the URL names (or its scheme's default): allow-list entries with a port match only it. */
  port: number;
  /** The URL's host name is on the allow-list (with this port): whatever it resolves to is reached. */
  hostAllowed: boolean;
}

function refusal(address: string, guard: ConnectGuard): AddressNotAllowedError | null {
  if (guard.hostAllowed || isAddressAllowed(address, guard.allow, guard.port)) return null;
  const why = nonPublicReason(address) ?? `${address} is allowed only on another port than ${guard.port}`;
  return new AddressNotAllowedError(`Connection refused by the address guard: ${why}.`);
}

function guardedLookup(
  guard: ConnectGuard,
  inner: LookupFunction = dns.lookup as LookupFunction,
): LookupFunction {
  return (hostname, options, callback) => {
    inner(hostname, options, (error, address, family) => {
      if (error) {
        callback(error, address, family);
        return;
      }
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      for (const candidate of addresses) {
        const refused = refusal(candidate, guard);
        if (refused) {
          callback(refused as NodeJS.ErrnoException, address, family);
          return;
        }
      }
      callback(null, address, family);
    });
  };
}

/** A socket that fails at once: no connect() is made for a refused literal address. */
function refusedSocket(error: Error, callback?: (err: Error | null, stream: Duplex) => void): net.Socket {
  const socket = new net.Socket();
  if (callback) callback(error, socket);
  else process.nextTick(() => socket.destroy(error));
  return socket;
}

function guardedOptions<T extends ClientRequestArgs>(options: T, guard: ConnectGuard): T | Error {
  const host = (options.host ?? '').replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) !== 0) {
    const refused = refusal(host, guard);
    if (refused) return refused;
  }
  return { ...options, lookup: guardedLookup(guard, options.lookup ?? undefined) };
}

export class GuardedHttpAgent extends http.Agent {
  constructor(private readonly guard: ConnectGuard) {
    super({ keepAlive: false });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const guarded = guardedOptions(options, this.guard);
    if (guarded instanceof Error) return refusedSocket(guarded, callback);
    return super.createConnection(guarded, callback);
  }
}

export class GuardedHttpsAgent extends https.Agent {
  constructor(private readonly guard: ConnectGuard) {
    super({ keepAlive: false });
  }

  override createConnection(
    options: RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const guarded = guardedOptions(options, this.guard);
    if (guarded instanceof Error) return refusedSocket(guarded, callback);
    return super.createConnection(guarded, callback);
  }
}
