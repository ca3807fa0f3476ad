import type { ServerUrls } from '../server-urls.js';

/** The names a person's own machine answers to (RFC 8252 section 7.3, MCP transport security). */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header: a name or an IP literal (IPv6 in brackets), optionally a port; nothing else. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** How many Host values' answers are kept: a client sends one or two; others are worked out each time. */
const KEPT_HOST_ANSWERS = 64;
/** A kept answer meaning "the configured base", read when asked (it is set once the listener runs). */
const CANONICAL = Symbol('canonical base');

interface ParsedHost {
  hostname: string;
  port: number;
}

function parseHost(value: string, defaultPort: number): ParsedHost | null {
  const match = HOST_HEADER.exec(value.trim().toLowerCase());
  if (!match?.[1]) return null;
  return { hostname: match[1], port: match[2] === undefined ? defaultPort : Number(match[2]) };
}

/**
 * Which names are this server's own, and the `{base_url}` a request made under each uses. Without
 * SOCIALPUB_PUBLIC_URL: the loopback names on the listener's port, so an app that used `localhost`
 * is answered in that name (RFC 9728 section 3.3); any other Host is refused (DNS rebinding). With
 * it: its host too, and the documents use only it; the storage URL's host is answered as well.
 * Until a listener exists (`app.request()`) every Host is accepted and the configured base used.
 */
export class OwnNames {
  readonly #public: URL | null;
  #listener: { port: number; boundHost: string | null } | null = null;
  /** SOCIALPUB_ADMIN_LISTEN's port: its loopback names are the server's too. */
  #adminPort: number | null = null;
  /** Each Host value's answer, worked out once per listener (every request asks). */
  readonly #kept = new Map<string, string | null | typeof CANONICAL>();

  constructor(
    private readonly urls: ServerUrls,
    publicUrl: string | undefined,
  ) {
    this.#public = publicUrl === undefined ? null : new URL(publicUrl);
  }

  /** Called once the listener has its port; from then on the Host header is checked. */
  listening(address: string, port: number): void {
    const host = address.includes(':') ? `[${address}]` : address;
    const wildcard = address === '0.0.0.0' || address === '::';
    this.#listener = { port, boundHost: wildcard || LOOPBACK_HOSTNAMES.has(host) ? null : host };
    this.#kept.clear();
  }

  /** Called once the admin API's own listener (SOCIALPUB_ADMIN_LISTEN) has its port. */
  adminListening(port: number): void {
    this.#adminPort = port;
    this.#kept.clear();
  }

  /**
   * `{base_url}` for a request that arrived with this Host header, or null when the Host names
   * some other server (the request is then refused with 421).
   */
  baseFor(host: string | undefined): string | null {
    if (this.#listener === null) return this.canonicalBase();
    if (host === undefined) return null;
    let answer = this.#kept.get(host);
    if (answer === undefined) {
      answer = this.#answerFor(host);
      if (this.#kept.size < KEPT_HOST_ANSWERS) this.#kept.set(host, answer);
    }
    return answer === CANONICAL ? this.canonicalBase() : answer;
  }

  #answerFor(host: string): string | null | typeof CANONICAL {
    if (this.#public !== null) {
      const parsed = parseHost(host, defaultPort(this.#public.protocol));
      if (parsed === null) return null;
      if (parsed.hostname === this.#public.hostname && this.#isPublicPort(parsed.port)) return CANONICAL;
      return this.#isListenerName(parsed) || this.#isStorageName(host) ? CANONICAL : null;
    }
    const parsed = parseHost(host, 80);
    if (parsed !== null && this.#isListenerName(parsed)) return `http://${parsed.hostname}:${parsed.port}`;
    return this.#isStorageName(host) ? CANONICAL : null;
  }

  /**
   * A proxy may pass the public name with its port, with the scheme's default port, or without any
   * (nginx's `proxy_set_header Host $host` drops it): all three are the public name.
   */
  #isPublicPort(port: number): boolean {
    const publicUrl = this.#public as URL;
    const scheme = defaultPort(publicUrl.protocol);
    return port === Number(publicUrl.port || scheme) || port === scheme;
  }

  /** The names this server answers to, as a 421 lists them. */
  names(): string[] {
    const names = new Set<string>();
    if (this.#public !== null) names.add(this.#public.host);
    names.add(new URL(this.urls.storage).host);
    const listener = this.#listener;
    if (listener !== null) {
      for (const name of LOOPBACK_HOSTNAMES) names.add(`${name}:${listener.port}`);
      if (listener.boundHost !== null) names.add(`${listener.boundHost}:${listener.port}`);
    }
    if (this.#adminPort !== null)
      for (const name of LOOPBACK_HOSTNAMES) names.add(`${name}:${this.#adminPort}`);
    return [...names];
  }

  /** Whether SOCIALPUB_PUBLIC_URL is set. */
  get hasPublicUrl(): boolean {
    return this.#public !== null;
  }

  /**
   * SOCIALPUB_STORAGE_URL may name another host that forwards to this listener (a proxy in front
   * of the upload endpoint): requests under that name are the server's own too.
   */
  #isStorageName(host: string): boolean {
    const storage = new URL(this.urls.storage);
    const parsed = parseHost(host, defaultPort(storage.protocol));
    return (
      parsed !== null &&
      parsed.hostname === storage.hostname &&
      parsed.port === Number(storage.port || defaultPort(storage.protocol))
    );
  }

  /**
   * The one form of a URL that names this server under any of its loopback names (a token's
   * `resource`): `http://localhost:PORT/mcp` and `http://[::1]:PORT/mcp` are the same resource as
   * `{base_url}/mcp`. With a public URL, or for any other URL, the URL is returned as it is.
   */
  canonical(url: string): string {
    const listener = this.#listener;
    if (listener === null || this.#public !== null) return url;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    if (parsed.protocol !== 'http:' || parsed.username !== '' || parsed.password !== '') return url;
    const name = parseHost(parsed.host, 80);
    if (name === null || !this.#isListenerName(name)) return url;
    return `${this.canonicalBase()}${parsed.pathname}${parsed.search}`;
  }

  canonicalBase(): string {
    return this.urls.base.replace(/\/+$/, '');
  }

  #isListenerName(host: ParsedHost): boolean {
    const listener = this.#listener;
    if (host.port === this.#adminPort) return LOOPBACK_HOSTNAMES.has(host.hostname);
    if (listener === null || host.port !== listener.port) return false;
    return LOOPBACK_HOSTNAMES.has(host.hostname) || host.hostname === listener.boundHost;
  }
}

function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}
