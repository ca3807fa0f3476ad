import { SocialPubError } from './errors.js';
import { Accounts } from './resources/accounts.js';
import { Media } from './resources/media.js';
import { Posts } from './resources/posts.js';
import { Uploads } from './resources/uploads.js';
import { defaultSleep, type Sleep } from './retry.js';
import { type RetryEvent, Transport } from './transport.js';

export interface ClientOptions {
  /** Defaults to `process.env.SOCIALPUB_API_KEY`. Keep keys out of browser code ("Authentication", 8). */
  apiKey?: string | undefined;
  /** Service origin; defaults to `process.env.SOCIALPUB_BASE_URL`, else `http://127.0.0.1:8787`. */
  baseURL?: string | undefined;
  /**
   * Milliseconds per attempt, default 60 000. Use 30 s or more: a publish or import answer can
   * take about 25 seconds ("POST /api/v2/posts", Timing).
   */
  timeout?: number;
  /** Automatic retries after the documented retryable failures, default 2. */
  maxRetries?: number;
  /**
   * Longest `Retry-After` the client sleeps through on its own, default 60 seconds. A longer wait
   * (e.g. 503 `upload_links_paused`, Retry-After 600) is thrown so the caller decides.
   */
  maxRetryWaitSeconds?: number;
  fetch?: typeof fetch;
  defaultHeaders?: Record<string, string>;
  /**
   * Seconds between reads while waiting (`posts.waitUntilDone`, `media.waitUntilReady`); defaults to
   * `process.env.SOCIALPUB_POLL_SECONDS`, else the API document's pace (posts every 30 seconds,
   * imports every 10, uploads in verification every 15). A sandbox on a fast virtual clock can
   * read sooner. A wait's own `intervalMs` still wins.
   */
  pollIntervalSeconds?: number;
  /** Replaces every pause (retries, polling); tests pass an instant one. */
  sleep?: Sleep;
  /**
   * Called before each automatic resend with what failed and how long the client waits first
   * (a throttled post waits the 20 seconds the service names), so a program can tell its user.
   */
  onRetry?: (event: RetryEvent) => void;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_WAIT_SECONDS = 60;

/** A pause given in seconds must be a positive, finite number; anything else is a mistake to name. */
function pollIntervalMsOf(seconds: number | string | undefined, from: string): number | undefined {
  if (seconds === undefined) return undefined;
  const value = typeof seconds === 'number' ? seconds : Number(seconds);
  if (!Number.isFinite(value) || value <= 0) {
    throw new SocialPubError(
      `${from} must be a positive number of seconds, such as 30 (got ${String(seconds)}).`,
    );
  }
  return value * 1000;
}

/** `process.env` where there is one; browsers have none. */
function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === '' ? undefined : value;
}

export class SocialPub {
  readonly baseURL: string;
  readonly accounts: Accounts;
  readonly posts: Posts;
  readonly media: Media;
  readonly uploads: Uploads;
  /** The transport every resource sends through (retries, errors, idempotency keys). */
  readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? readEnv('SOCIALPUB_API_KEY');
    if (apiKey === undefined || apiKey === '') {
      throw new SocialPubError(
        'No API key: pass `new SocialPub({ apiKey })` or set the SOCIALPUB_API_KEY environment variable.',
      );
    }
    this.baseURL = (options.baseURL ?? readEnv('SOCIALPUB_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.transport = new Transport({
      apiKey,
      baseURL: this.baseURL,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch,
      defaultHeaders: options.defaultHeaders ?? {},
      retry: {
        maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
        maxRetryWaitSeconds: options.maxRetryWaitSeconds ?? DEFAULT_MAX_RETRY_WAIT_SECONDS,
      },
      sleep: options.sleep ?? defaultSleep,
      onRetry: options.onRetry,
      pollIntervalMs:
        options.pollIntervalSeconds !== undefined
          ? pollIntervalMsOf(options.pollIntervalSeconds, 'pollIntervalSeconds')
          : pollIntervalMsOf(readEnv('SOCIALPUB_POLL_SECONDS'), 'SOCIALPUB_POLL_SECONDS'),
    });
    this.accounts = new Accounts(this.transport);
    this.posts = new Posts(this.transport);
    this.uploads = new Uploads(this.transport);
    this.media = new Media(this.transport, this.uploads);
  }
}
