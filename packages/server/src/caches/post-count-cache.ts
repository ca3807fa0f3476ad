import { PLATFORMS, type Platform } from '@socialpub/core';
import type { AnswersSlot } from './caller-facts-cache.js';
import { LruOrder } from './lru-order.js';
import { mayEvict, SIZED_FOR_ACCOUNTS, WORKING_SET, type WorkingSetPolicy } from './lru-working-set.js';

/** What a cached count's key is made of (the post records' `PostCountQuery`). */
export interface PostCountKey {
  accountId?: string;
  profileId?: string;
  platform?: Platform;
  since: Date;
  countingOnly?: boolean;
  withLinks?: boolean;
}

/** What the cache reads of a new row to find the counts it may change. */
export interface CountedRow {
  accountId: string;
  profileId: string;
  platform: Platform;
}

/** An account's latest send on each network since `since` (ISO); a network missing: none since. */
interface KeptLatest {
  since: string;
  /** `since` in milliseconds, which every ask compares with. */
  sinceMs: number;
  at: Map<Platform, string>;
}

/**
 * A cached count: the answer, and the test of its query on a new row, from the same definition as
 * the query's SQL (the repository's), so an insert is counted exactly as the SQL would count it.
 */
export interface KeptCount<R extends CountedRow> {
  n: number;
  counts(row: R, at: string): boolean;
}

/**
 * Answers one check of an account asks: about six limit counts and the history rules' latest send,
 * with room for one more.
 */
export const ANSWERS_PER_ACCOUNT = 8;

/**
 * Limit answers kept in memory (each is a few bytes): every answer of every account a server is
 * sized for; beyond it the least recently asked subject's answers go first. A bound below the
 * accounts' answers would drop each account's answers just before they are asked again, when the
 * accounts are visited in turn, and every check would count anew.
 */
export const POST_COUNTS_CAPACITY = SIZED_FOR_ACCOUNTS * ANSWERS_PER_ACCOUNT;

/**
 * The working set of the limit answers: past `POST_COUNTS_CAPACITY`, what was asked within the
 * last minute stays, up to twice the bound.
 */
export const POST_COUNTS_WORKING_SET: WorkingSetPolicy = { ...WORKING_SET, ceilingFactor: 2 };
/** In-use answers one `#bound` call passes by before it gives up. */
const IN_USE_STEPS = 16;

function answersIn<R extends CountedRow>(counts: SubjectCounts<R>): number {
  let n = 0;
  for (const slots of counts.values()) for (const variants of slots) n += variants?.size ?? 0;
  return n;
}

/**
 * A subject's kept counts by `since` (ms), then by a slot for the network and the two flags
 * (`slotOf`), then by the query's other fields (`otherKey`, usually empty). Every POST /posts check asks
 * several counts: the lookups use numbers and strings that already exist, so nothing is built and
 * hashed anew for them.
 */
type SubjectCounts<R extends CountedRow> = Map<number, Array<Map<string, KeptCount<R>> | undefined>>;

/**
 * Everything kept about one account's limits, found by one lookup: the counts naming the account
 * alone, those naming one of its profiles beside it, and its latest sends. An ask only marks it
 * `used`: moving it to the end of the order on every ask (a Map delete and set) cost each count
 * more than the lookup. The bound moves a marked entry to the end when it reaches it, so the least
 * recently asked still goes first.
 */
interface AccountAnswers<R extends CountedRow> {
  readonly accountId: string;
  /** The cache's invalidation version when it was made: `invalidate` since, and it is no longer the map's. */
  readonly version: number;
  /** Evicted or invalidated on its own: no longer the map's. */
  invalidated: boolean;
  counts: SubjectCounts<R>;
  /** By profile: the counts of a query naming the profile and this account. */
  profiles: Map<string, SubjectCounts<R>> | undefined;
  latest: KeptLatest | undefined;
  used: boolean;
  /** When last asked (the working set's clock). */
  usedAt: number;
}

/** The counts of queries naming a profile without its account (no check asks those; a view may). */
interface ProfileAnswers<R extends CountedRow> {
  counts: SubjectCounts<R>;
  used: boolean;
  usedAt: number;
}

function answersOf<R extends CountedRow>(account: AccountAnswers<R>): number {
  let n = answersIn(account.counts) + (account.latest === undefined ? 0 : 1);
  if (account.profiles !== undefined) for (const counts of account.profiles.values()) n += answersIn(counts);
  return n;
}

/** Counts a new row (`at` as stored) in every kept count of `counts` it matches. */
function countInto<R extends CountedRow>(counts: SubjectCounts<R>, post: R, at: string): void {
  for (const slots of counts.values()) {
    for (const variants of slots) {
      if (variants === undefined) continue;
      for (const kept of variants.values()) {
        if (kept.counts(post, at)) kept.n += 1;
      }
    }
  }
}

const PLATFORM_SLOT = new Map<string, number>(PLATFORMS.map((platform, i) => [platform, i]));
/** The slot of a count over every network. */
const ANY_PLATFORM = PLATFORMS.length;

function slotOf(query: PostCountKey): number {
  const platform = query.platform === undefined ? ANY_PLATFORM : (PLATFORM_SLOT.get(query.platform) ?? -1);
  if (platform < 0) throw new TypeError(`post counts: unknown network ${query.platform}`);
  return platform * 4 + (query.countingOnly === true ? 1 : 0) + (query.withLinks === true ? 2 : 0);
}

/** How a post count cache is made: the key of the query's other fields, and its LRU bounds. */
export interface PostCountCacheOptions<Q extends PostCountKey> {
  /** The query's fields beyond those slotted here, as text (empty for most counts). */
  otherKey: (query: Q) => string;
  /** Without a working set, the capacity alone decides (the tests of the order use that). */
  workingSet?: WorkingSetPolicy | null;
  capacity?: number;
}

/**
 * The post records' limit answers (counts, latest send) cached in memory, kept up to date from the
 * write path. Every check of a post (dry runs and each scheduled send included) asks them again;
 * the repository tells the cache of each insert (`noteInserted`), which brings the cached counts
 * it matches up to date with each count's own test, so a busy minute's sends do not count the
 * table again on every send. Any other write that could change an answer (a status change, a
 * transaction rolled back) invalidates them all. LRU past its capacity (`lru-order.ts`).
 */
export class PostCountCache<Q extends PostCountKey, R extends CountedRow> {
  /** Kept answers by the account their query names (with its profiles' and its latest sends). */
  readonly #byAccount = new Map<string, AccountAnswers<R>>();
  /** Kept counts of queries naming a profile and no account, by profile. */
  readonly #profilesAlone = new Map<string, ProfileAnswers<R>>();
  readonly #unscoped: SubjectCounts<R> = new Map();
  /** Counts and latest sends kept, all subjects together. */
  #kept = 0;
  readonly #accountsAsked = new LruOrder(this.#byAccount);
  readonly #profilesAsked = new LruOrder(this.#profilesAlone);
  /**
   * The account asked last and its entry: a check asks several answers of one account in a row,
   * and all but the first then skip the map's lookup (the id's hash). Cleared when the entry goes.
   */
  #recentId: string | undefined;
  #recent: AccountAnswers<R> | undefined;
  /** Moved by `invalidate`: an entry made before it is not the map's any more. */
  #version = 0;
  readonly workingSet: WorkingSetPolicy | null;
  readonly bound: number;
  readonly #otherKey: (query: Q) => string;

  constructor(options: PostCountCacheOptions<Q>) {
    this.#otherKey = options.otherKey;
    this.workingSet = options.workingSet ?? null;
    this.bound = options.capacity ?? POST_COUNTS_CAPACITY;
  }

  #now(): number {
    return this.workingSet === null ? 0 : this.workingSet.nowMs();
  }

  /** A write an insert does not describe: every cached answer is stale. */
  invalidate(): void {
    this.#version += 1;
    this.#byAccount.clear();
    this.#profilesAlone.clear();
    this.#unscoped.clear();
    this.#kept = 0;
    this.#accountsAsked.reset();
    this.#profilesAsked.reset();
    this.#recentId = undefined;
    this.#recent = undefined;
  }

  /**
   * A deleted account: its answers, and those of its profiles asked alone, go now (the unscoped
   * counts name no account and stay).
   */
  invalidateAccount(accountId: string, profileIds: readonly string[]): void {
    const kept = this.#byAccount.get(accountId);
    if (kept !== undefined) {
      kept.invalidated = true;
      this.#kept -= answersOf(kept);
      this.#byAccount.delete(accountId);
    }
    if (this.#recentId === accountId) {
      this.#recentId = undefined;
      this.#recent = undefined;
    }
    for (const profileId of profileIds) {
      const alone = this.#profilesAlone.get(profileId);
      if (alone === undefined) continue;
      this.#kept -= answersIn(alone.counts);
      this.#profilesAlone.delete(profileId);
    }
  }

  /**
   * A row of the account's profile changed other than by an insert (its status): the answers that
   * may count it go, the account's, the profile's asked alone and those naming no account; every
   * other account's stay, so a post finishing does not make the next check of each account read.
   */
  invalidateRow(accountId: string, profileId: string): void {
    this.invalidateAccount(accountId, [profileId]);
    this.#kept -= answersIn(this.#unscoped);
    this.#unscoped.clear();
  }

  /** Accounts and profiles with kept answers, and the answers (the inspection hook). */
  get keptCounts(): { accounts: number; profiles: number; answers: number } {
    return { accounts: this.#byAccount.size, profiles: this.#profilesAlone.size, answers: this.#kept };
  }

  /** The account's entry, marked asked; with `create`, a new empty one when none is kept. */
  #account(accountId: string, create: boolean): AccountAnswers<R> | undefined {
    let kept = accountId === this.#recentId ? this.#recent : this.#byAccount.get(accountId);
    if (kept !== undefined) {
      kept.used = true;
      kept.usedAt = this.#now();
    } else if (create) {
      kept = {
        accountId,
        version: this.#version,
        invalidated: false,
        counts: new Map(),
        profiles: undefined,
        latest: undefined,
        used: false,
        usedAt: this.#now(),
      };
      this.#byAccount.set(accountId, kept);
    } else {
      return undefined;
    }
    this.#recentId = accountId;
    this.#recent = kept;
    return kept;
  }

  /**
   * Makes the account's entry the one asked last, from `slot` while it is still the map's entry of
   * this account (not invalidated since), else from the map (then kept in `slot`): the
   * request's asks that follow skip the map's lookup. Changes no answer: only where it is found.
   */
  recall(accountId: string, slot: AnswersSlot): void {
    const held = slot.answers as AccountAnswers<R> | undefined;
    const kept =
      held !== undefined &&
      held.accountId === accountId &&
      held.version === this.#version &&
      !held.invalidated
        ? held
        : this.#byAccount.get(accountId);
    slot.answers = kept;
    if (kept === undefined) return;
    this.#recentId = accountId;
    this.#recent = kept;
  }

  #subject(query: Q, create: boolean): SubjectCounts<R> | undefined {
    const { accountId, profileId } = query;
    if (accountId !== undefined) {
      const account = this.#account(accountId, create);
      if (account === undefined || profileId === undefined) return account?.counts;
      let counts = account.profiles?.get(profileId);
      if (counts === undefined && create) {
        counts = new Map();
        account.profiles ??= new Map();
        account.profiles.set(profileId, counts);
      }
      return counts;
    }
    if (profileId === undefined) return this.#unscoped;
    const kept = this.#profilesAlone.get(profileId);
    if (kept !== undefined) {
      kept.used = true;
      kept.usedAt = this.#now();
      return kept.counts;
    }
    if (!create) return undefined;
    const counts: SubjectCounts<R> = new Map();
    this.#profilesAlone.set(profileId, { counts, used: false, usedAt: this.#now() });
    return counts;
  }

  count(query: Q): number | undefined {
    return this.#subject(query, false)
      ?.get(query.since.getTime())
      ?.[slotOf(query)]?.get(this.#otherKey(query))?.n;
  }

  keepCount(query: Q, kept: KeptCount<R>): void {
    this.#bound();
    const subject = this.#subject(query, true) as SubjectCounts<R>;
    const since = query.since.getTime();
    let slots = subject.get(since);
    if (slots === undefined) {
      slots = [];
      subject.set(since, slots);
    }
    const slot = slotOf(query);
    let variants = slots[slot];
    if (variants === undefined) {
      variants = new Map();
      slots[slot] = variants;
    }
    const rest = this.#otherKey(query);
    if (!variants.has(rest)) this.#kept += 1;
    variants.set(rest, kept);
  }

  /**
   * The latest send (ISO; null: none) on the network at or after `sinceMs`, when the account's kept
   * answer covers it: one kept for an earlier start answers every later one, so the 20-second
   * wait's moving start keeps finding it. Undefined when nothing kept covers it. The start is a
   * number: most asks find no send, and then no instant is written out as text.
   */
  lastAtMs(accountId: string, platform: Platform, sinceMs: number): string | null | undefined {
    const kept = this.#account(accountId, false)?.latest;
    if (kept === undefined || sinceMs < kept.sinceMs) return undefined;
    const at = kept.at.get(platform);
    return at !== undefined && Date.parse(at) >= sinceMs ? at : null;
  }

  /** Keeps the account's latest send on each network at or after `since` (missing: none since then). */
  keepLastAt(accountId: string, since: string, latest: Map<Platform, string>): void {
    this.#bound();
    const account = this.#account(accountId, true) as AccountAnswers<R>;
    if (account.latest === undefined) this.#kept += 1;
    account.latest = { since, sinceMs: Date.parse(since), at: latest };
  }

  /** A new row (`at` as stored): every kept answer it changes is brought up to date. */
  noteInserted(post: R, at: string): void {
    const account = this.#byAccount.get(post.accountId);
    if (account !== undefined) {
      countInto(account.counts, post, at);
      const profile = account.profiles?.get(post.profileId);
      if (profile !== undefined) countInto(profile, post, at);
      const latest = account.latest;
      if (latest !== undefined && at >= latest.since) {
        const last = latest.at.get(post.platform);
        if (last === undefined || at > last) latest.at.set(post.platform, at);
      }
    }
    const alone = this.#profilesAlone.get(post.profileId);
    if (alone !== undefined) countInto(alone.counts, post, at);
    countInto(this.#unscoped, post, at);
  }

  /**
   * Past the bound, the least recently asked accounts' answers (and profiles' asked alone) go, one
   * of each at a time. With a working set, an answer asked within it is not dropped until the
   * ceiling: the hand passes it by, and a call gives up after a few of those, so a server whose
   * answers are all in use pays a few steps per new answer, not a walk over all of them.
   */
  #bound(): void {
    let inUse = 0;
    while (this.#kept >= this.bound && inUse < IN_USE_STEPS) {
      // With the answer about to be kept.
      const size = this.#kept + 1;
      const profile = this.#profilesAsked.next();
      const account = this.#accountsAsked.next();
      if (profile === undefined && account === undefined) {
        this.invalidate();
        return;
      }
      if (profile !== undefined) {
        const { counts } = this.#profilesAlone.get(profile) as ProfileAnswers<R>;
        if (this.#drop(this.#profilesAlone, this.#profilesAsked, profile, size))
          this.#kept -= answersIn(counts);
        else inUse++;
      }
      if (account !== undefined) {
        const kept = this.#byAccount.get(account) as AccountAnswers<R>;
        if (this.#drop(this.#byAccount, this.#accountsAsked, account, size)) {
          kept.invalidated = true;
          this.#kept -= answersOf(kept);
          if (account === this.#recentId) {
            this.#recentId = undefined;
            this.#recent = undefined;
          }
        } else inUse++;
      }
    }
  }

  /** Drops the entry unless it is in use: the hand then passes it by. */
  #drop<T extends { usedAt: number; used: boolean }>(
    entries: Map<string, T>,
    order: LruOrder<T>,
    key: string,
    size: number,
  ): boolean {
    if (!mayEvict(this.workingSet, (entries.get(key) as T).usedAt, size, this.bound)) {
      order.pass();
      return false;
    }
    entries.delete(key);
    return true;
  }
}
