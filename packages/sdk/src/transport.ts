import { certificateProblem } from '@socialpub/core';
import ky, { TimeoutError } from 'ky';
import {
  APIConnectionCertificateError,
  APIConnectionError,
  APIConnectionRefusedError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  SocialPubError,
} from './errors.js';
import { decideRetry, type RetryPolicy, type Sleep } from './retry.js';

/** Options every method accepts. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Milliseconds for one attempt; overrides the client's timeout. */
  timeout?: number;
  headers?: Record<string, string>;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface APIRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path from the origin, e.g. `/api/v2/posts` or `/legacy/posts`. */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  /** Sent on every attempt of this call unchanged, so a retry can never post twice. */
  idempotencyKey?: string | undefined;
  options?: RequestOptions | undefined;
}

export interface APIResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** What the client is about to wait for before sending a request again (`onRetry`). */
export interface RetryEvent {
  method: APIRequest['method'];
  path: string;
  /** The failure being retried: an APIError (status, code) or a connection error. */
  error: SocialPubError;
  /** 1 for the first resend. */
  retry: number;
  maxRetries: number;
  waitSeconds: number;
  /** True when the wait is the service's `Retry-After` (or the document's figure for the code), not backoff. */
  askedByService: boolean;
}

export interface TransportConfig {
  apiKey: string;
  baseURL: string;
  timeout: number;
  fetch: typeof fetch | undefined;
  defaultHeaders: Record<string, string>;
  retry: RetryPolicy;
  sleep: Sleep;
  /** Told before every wait-then-resend, so a caller can say what it waits for (the CLI does, on stderr). */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** The client's pause between reads while waiting, when it sets one (else each wait's default). */
  pollIntervalMs?: number | undefined;
}

function searchParamsOf(query: Record<string, QueryValue> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** System codes that mean the request never reached a service (nothing was sent). */
const NEVER_REACHED: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host name',
};

/** The first `code` in an error's chain of causes (undici puts the system's one under `cause`). */
function systemCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** A failed connection as the SDK's error, naming the address tried and what the system said. */
function connectionErrorFor(error: unknown, url: URL): APIConnectionError {
  const address = url.origin + url.pathname;
  if (error instanceof TimeoutError) {
    return new APIConnectionTimeoutError(`No answer from ${address} in time.`, {
      cause: error,
      url: address,
    });
  }
  const systemCode = systemCodeOf(error);
  const certificate = systemCode === undefined ? undefined : certificateProblem(systemCode, url.origin);
  if (systemCode !== undefined && certificate !== undefined) {
    return new APIConnectionCertificateError(certificate, { cause: error, url: address, systemCode });
  }
  const reason = systemCode === undefined ? undefined : NEVER_REACHED[systemCode];
  if (systemCode !== undefined && reason !== undefined) {
    return new APIConnectionRefusedError(`Could not connect to ${url.origin}: ${reason} (${systemCode}).`, {
      cause: error,
      url: address,
      systemCode,
    });
  }
  const detail = systemCode ?? (error instanceof Error ? error.message : String(error));
  return new APIConnectionError(`Connection to ${address} failed (${detail}).`, {
    cause: error,
    url: address,
  });
}

/**
 * Sends requests and applies the retry rules itself (ky's retry is off) so only the documented
 * cases are retried ("When to send a request again").
 */
export class Transport {
  constructor(readonly config: TransportConfig) {}

  async request<T>(request: APIRequest): Promise<APIResponse<T>> {
    const signal = request.options?.signal;
    const policy = {
      ...this.config.retry,
      maxRetries: request.options?.maxRetries ?? this.config.retry.maxRetries,
    };
    for (let retryIndex = 0; ; retryIndex++) {
      try {
        return await this.send<T>(request);
      } catch (error) {
        if (!(error instanceof SocialPubError) || error instanceof APIUserAbortError) throw error;
        const decision = decideRetry(error, retryIndex, policy);
        if (!decision.retry) throw error;
        this.config.onRetry?.({
          method: request.method,
          path: request.path,
          error,
          retry: retryIndex + 1,
          maxRetries: policy.maxRetries,
          waitSeconds: decision.waitSeconds,
          askedByService: decision.askedByService,
        });
        await this.sleep(decision.waitSeconds * 1000, signal);
      }
    }
  }

  async sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.config.sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError();
      throw error;
    }
  }

  private async send<T>(request: APIRequest): Promise<APIResponse<T>> {
    const { options } = request;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...this.config.defaultHeaders,
      Authorization: `Bearer ${this.config.apiKey}`,
      ...options?.headers,
    };
    if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
    // Concatenated, not resolved, so a base URL with a path prefix (behind a proxy) keeps it.
    const url = new URL(this.config.baseURL + request.path);
    url.search = searchParamsOf(request.query).toString();
    let response: Response;
    try {
      response = await ky(url, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { json: request.body }),
        timeout: options?.timeout ?? this.config.timeout,
        retry: 0,
        throwHttpErrors: false,
        ...(options?.signal ? { signal: options.signal } : {}),
        ...(this.config.fetch ? { fetch: this.config.fetch } : {}),
      });
    } catch (error) {
      if (options?.signal?.aborted) throw new APIUserAbortError();
      throw connectionErrorFor(error, url);
    }
    let body: unknown;
    try {
      body = await readBody(response);
    } catch (error) {
      if (options?.signal?.aborted) throw new APIUserAbortError();
      throw new APIConnectionError(
        `Connection to ${url.origin}${url.pathname} broke while reading the answer.`,
        {
          cause: error,
          url: url.origin + url.pathname,
        },
      );
    }
    if (!response.ok) throw APIError.generate(response.status, body, response.headers);
    return { data: body as T, status: response.status, headers: response.headers };
  }
}

/** One key per call, made before the first attempt: the caller's, or a fresh UUID (Idempotency, rule 1). */
export function idempotencyKeyFor(given: string | undefined): string {
  return given ?? globalThis.crypto.randomUUID();
}
