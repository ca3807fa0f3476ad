import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from '../client.js';
import { SocialPubError } from '../errors.js';
import { defaultSleep, type Sleep } from '../retry.js';
import { type RetryEvent, Transport } from '../transport.js';
import { AdminDeliveries } from './admin-deliveries.js';
import {
  AdminAccounts,
  AdminClocks,
  AdminFaults,
  AdminKeys,
  AdminNetworks,
  AdminProfiles,
  AdminRequests,
} from './admin-resources.js';

export interface AdminClientOptions {
  /** Defaults to `process.env.SOCIALPUB_ADMIN_TOKEN`. */
  adminToken?: string | undefined;
  /** The server's origin; defaults to `process.env.SOCIALPUB_BASE_URL`, else `http://127.0.0.1:8787`. */
  baseURL?: string | undefined;
  /** @deprecated The older spelling of `baseURL` (the API client's name); still read when `baseURL` is absent. */
  baseUrl?: string | undefined;
  timeout?: number;
  /**
   * Automatic retries, default 0: an admin call that creates something (an account, a clock) is
   * not idempotent, and a resend after a lost answer would create a second one.
   */
  maxRetries?: number;
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Called before each automatic resend (only with `maxRetries` above 0), as on the API client. */
  onRetry?: (event: RetryEvent) => void;
}

function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * The reference server's admin API (`/admin/v1`): accounts, keys, profiles, networks, clocks,
 * faults, requests, outbox and the network inbox (deliveries), typed from the admin schemas in core. A test suite creates an
 * isolated account on its own test clock, drives it, and deletes it.
 */
export class SocialPubAdmin {
  readonly baseURL: string;
  readonly accounts: AdminAccounts;
  readonly keys: AdminKeys;
  readonly profiles: AdminProfiles;
  readonly networks: AdminNetworks;
  readonly clocks: AdminClocks;
  readonly faults: AdminFaults;
  readonly requests: AdminRequests;
  readonly deliveries: AdminDeliveries;
  readonly transport: Transport;

  constructor(options: AdminClientOptions = {}) {
    const adminToken = options.adminToken ?? readEnv('SOCIALPUB_ADMIN_TOKEN');
    if (!adminToken) {
      throw new SocialPubError(
        'No admin token: pass `new SocialPubAdmin({ adminToken })` or set SOCIALPUB_ADMIN_TOKEN.',
      );
    }
    const given = options.baseURL ?? options.baseUrl;
    this.baseURL = (given ?? readEnv('SOCIALPUB_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.transport = new Transport({
      apiKey: adminToken,
      baseURL: this.baseURL,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch,
      defaultHeaders: {},
      retry: { maxRetries: options.maxRetries ?? 0, maxRetryWaitSeconds: 60 },
      sleep: options.sleep ?? defaultSleep,
      onRetry: options.onRetry,
    });
    this.accounts = new AdminAccounts(this.transport);
    this.keys = new AdminKeys(this.transport);
    this.profiles = new AdminProfiles(this.transport);
    this.networks = new AdminNetworks(this.transport);
    this.clocks = new AdminClocks(this.transport);
    this.faults = new AdminFaults(this.transport);
    this.requests = new AdminRequests(this.transport);
    this.deliveries = new AdminDeliveries(this.transport);
  }

  /** @deprecated The older spelling of `baseURL`. */
  get baseUrl(): string {
    return this.baseURL;
  }
}
