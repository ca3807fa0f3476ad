import type { NormalizedPostRequest, Notice, Platform, Warning } from '@socialpub/core';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import type { ProfileRecord } from '../../db/profiles-repo.js';
import type { CallerFacts } from '../../db/repositories.js';
import type { PublishMediaFile } from '../../networks/index.js';
import type { SharedServices } from '../../shared-services.js';
import type { PublishingStore } from './publishing-store.js';
import type { SendTimeBatch } from './send-time-batch.js';

/** `/api/v2/posts` or the older `/legacy/posts` ("Older addresses"). */
export type PostsAddress = 'current' | 'legacy';

/** How the request will go out once every check passed. */
export type Delivery =
  | { kind: 'now' }
  | { kind: 'schedule'; at: Date }
  | { kind: 'queue'; at: Date; limit: number; used: number };

export interface PublishingDeps {
  services: SharedServices;
  store: PublishingStore;
  /** Waits for real time (system clock media wait); tests with the virtual clock never call it. */
  sleep: (ms: number) => Promise<void>;
}

/** One POST /posts request as the checks see it; every step reads and fills it in order. */
/** What one HEAD of a legacy media address found (media-addresses.ts asks; the context keeps it). */
export type AddressProbe =
  /** The host answered the HEAD; `size` is a usable Content-Length of a 2xx answer, else null. */
  | { kind: 'answered'; status: number; size: number | null }
  /** The address (or a redirect of it) is not public: refused before anything was sent to it. */
  | { kind: 'not_public'; message: string }
  /** No answer: name not found, connection refused, or no answer in time. */
  | { kind: 'unreachable'; message: string };

export interface PublishContext {
  deps: PublishingDeps;
  address: PostsAddress;
  account: AccountRecord;
  /** What the caller's key keeps about `account` (caches/caller-facts-cache.ts); undefined off the API (the scheduler). */
  facts: CallerFacts | undefined;
  now: Date;
  /** The body as sent (text), parsed by the `json` step. */
  rawBody: string;
  idempotencyKeyHeader: string | undefined;
  body: unknown;
  request: NormalizedPostRequest | undefined;
  dryRun: boolean;
  /** Every check run to answer what would happen (`PublishingService.prepare`): as in a dry run. */
  checkOnly: boolean;
  platform: Platform | undefined;
  profile: ProfileRecord | undefined;
  connection: ConnectionRecord | undefined;
  delivery: Delivery;
  text: string | null;
  options: Record<string, unknown>;
  postType: string;
  mediaIds: string[];
  mediaUrls: string[];
  media: PublishMediaFile[];
  detectedLinks: string[];
  warnings: Warning[];
  /** Post record `notices`: changes made to get a tiktok photo post out. */
  notices: Notice[];
  /** One HEAD per address per request (size checks and scheduledFor rule 6 share it). */
  probes: Map<string, Promise<AddressProbe>>;
  /** The scheduler's send of a scheduled post (rule 6 applies when it goes out too). */
  scheduledSend: boolean;
  /** The lookups shared by the sends of one scheduler batch (`SendTimeBatch`), else null. */
  batch: SendTimeBatch | null;
  /** `account.createdAt` read as a Date once (`accountCreatedAt`), else undefined. */
  accountCreatedAt: Date | undefined;
}

export function newContext(
  deps: PublishingDeps,
  input: {
    address: PostsAddress;
    account: AccountRecord;
    facts?: CallerFacts | undefined;
    rawBody: string;
    idempotencyKey: string | undefined;
  },
): PublishContext {
  // The account's kept limit answers are reached through the caller: the checks' asks find them.
  if (input.facts !== undefined) deps.services.repos.postRecords.recallAnswers(input.account.id, input.facts);
  return {
    deps,
    address: input.address,
    account: input.account,
    facts: input.facts,
    now: deps.services.clocks.forAccount(input.account.id).now(),
    rawBody: input.rawBody,
    idempotencyKeyHeader: input.idempotencyKey,
    body: undefined,
    request: undefined,
    dryRun: false,
    checkOnly: false,
    platform: undefined,
    profile: undefined,
    connection: undefined,
    delivery: { kind: 'now' },
    text: null,
    options: {},
    postType: 'text',
    mediaIds: [],
    mediaUrls: [],
    media: [],
    detectedLinks: [],
    warnings: [],
    notices: [],
    probes: new Map(),
    scheduledSend: false,
    batch: null,
    accountCreatedAt: undefined,
  };
}

/**
 * Creation times read from the account records' text, by record: the request path's records are
 * the accounts row cache's, one object per account while kept, so the text is parsed once per
 * record, not per request (a write makes a new record).
 */
const createdMs = new WeakMap<AccountRecord, number>();

/** The account's creation time, read once per request (several limits ask). */
export function accountCreatedAt(ctx: PublishContext): Date {
  if (ctx.accountCreatedAt === undefined) {
    let ms = ctx.facts?.createdMs ?? createdMs.get(ctx.account);
    if (ms === undefined) {
      ms = Date.parse(ctx.account.createdAt);
      createdMs.set(ctx.account, ms);
    }
    ctx.accountCreatedAt = new Date(ms);
  }
  return ctx.accountCreatedAt;
}

/** The step-filled fields every later step needs; a step that runs before them is an ordering defect. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`check order: ${what} is read before the step that sets it`);
  return value;
}

export function warn(
  ctx: PublishContext,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  if (!ctx.warnings.some((w) => w.code === code && w['field'] === extra['field']))
    ctx.warnings.push({ code, message, ...extra });
}
