import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  bareHostName,
  type ImportAllowList,
  isAddressAllowed,
  isHostNameAllowed,
  nonPublicReason,
  urlPort,
} from './address-policy.js';
import { AddressNotAllowedError, GuardedHttpAgent, GuardedHttpsAgent } from './connect-guard.js';

/**
 * THE guard for every request the server makes to a URL a caller gave (imports and their redirects,
 * share links, `mediaUrls`, `coverUrl`, Client ID Metadata Documents): nothing else opens one.
 * Each address is checked after our own name resolution, again at connect time (DNS rebinding) and
 * on every redirect (docs/architecture.md, "One fetch guard"). Timeouts are real time: they
 * bound a foreign server's socket, which the virtual clock cannot move.
 */
const MAX_REDIRECT_HOPS = 5;

/** The address is not public (and not allowed): refused before anything was sent to it. */
export class UnsafeAddressError extends Error {
  constructor(
    message: string,
    readonly viaRedirect: boolean,
  ) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

/** The source could not be asked: no answer in time, connection refused or cut, bad redirect. */
export class SourceFetchError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'SourceFetchError';
  }
}

export interface SafeRequestOptions {
  allow: ImportAllowList;
  /** Real milliseconds each hop may take until its answer's headers arrive. */
  timeoutMs: number;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: URL;
  body: IncomingMessage;
}

/** `url` as an http(s) URL, or null. */
export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SourceFetchError(`${what} did not answer in time.`, true)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Refuses a URL whose host is, or resolves to, an address that is not allowed. */
async function assertPublicAddress(
  url: URL,
  allow: ImportAllowList,
  timeoutMs: number,
  viaRedirect = false,
): Promise<void> {
  if (isHostNameAllowed(url, allow)) return;
  const host = bareHostName(url);
  const port = urlPort(url);
  const refuse = (address: string) => {
    const why = nonPublicReason(address) ?? `${address} is allowed on another port than ${port} only`;
    return new UnsafeAddressError(
      `${viaRedirect ? 'A redirect of the source leads' : 'The URL leads'} to ${address}, which is not a public address: ${why}.`,
      viaRedirect,
    );
  };
  if (isIP(host) !== 0) {
    if (!isAddressAllowed(host, allow, port)) throw refuse(host);
    return;
  }
  // Loaded at the first host name looked up: a start has no use for it.
  const { lookup } = await import('node:dns/promises');
  let addresses: { address: string }[];
  try {
    addresses = await withDeadline(lookup(host, { all: true, verbatim: true }), timeoutMs, 'The name server');
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    throw new SourceFetchError(`The host ${host} could not be found.`);
  }
  const blocked = addresses.find(({ address }) => !isAddressAllowed(address, allow, port));
  if (blocked || addresses.length === 0) throw refuse(blocked?.address ?? host);
}

/** The agent that checks the address actually dialled (connect time), whatever DNS said before. */
export function filteringAgent(url: URL, allow: ImportAllowList): http.Agent {
  const guard = { allow, port: urlPort(url), hostAllowed: isHostNameAllowed(url, allow) };
  return url.protocol === 'https:' ? new GuardedHttpsAgent(guard) : new GuardedHttpAgent(guard);
}

function requestOnce(url: URL, options: SafeRequestOptions, viaRedirect: boolean): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': 'socialpub-media-import/1', ...options.headers },
      agent: filteringAgent(url, options.allow),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const timer = setTimeout(
      () => request.destroy(new SourceFetchError('The source did not answer in time.', true)),
      options.timeoutMs,
    );
    request.on('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof SourceFetchError) reject(error);
      // The guarded agent refused the address being dialled (connect time).
      else if (error instanceof AddressNotAllowedError)
        reject(
          new UnsafeAddressError(
            `The source resolved to an address that is not public. ${error.message}`,
            viaRedirect,
          ),
        );
      else reject(new SourceFetchError(`The source could not be reached (${error.message}).`));
    });
    request.end();
  });
}

function resolveLocation(location: string, base: URL): URL | null {
  try {
    return parseHttpUrl(new URL(location, base).toString());
  } catch {
    return null;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** One request, following at most five redirects, each checked like the first address. */
export async function safeRequest(start: URL, options: SafeRequestOptions): Promise<SafeResponse> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECT_HOPS;
  let url = start;
  for (let hop = 0; ; hop++) {
    const viaRedirect = hop > 0;
    await assertPublicAddress(url, options.allow, options.timeoutMs, viaRedirect);
    const response = await requestOnce(url, options, viaRedirect);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(status) || !location) {
      return { status, headers: response.headers, url, body: response };
    }
    response.resume();
    if (hop >= maxRedirects) {
      throw new SourceFetchError(`The source redirected more than ${maxRedirects} times.`);
    }
    const next = resolveLocation(location, url);
    if (!next) throw new SourceFetchError('The source redirected to an address that is not http or https.');
    url = next;
  }
}
