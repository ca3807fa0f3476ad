import { PLATFORMS, type Platform } from '@socialpub/core';
import { AskedOrder } from './asked-order.js';
import {
  countsRow,
  type PostCountQuery,
  type PostCountWindow,
  type StoredPostRecord,
} from './post-record-rows.js';
import { mayEvict, WORKING_SET, type WorkingSetPolicy } from './working-set.js';

/** An account's latest send on each network since `since` (ISO); a network missing: none since. */
interface KeptLatest {
  since: string;
  /** `since` in milliseconds, which every ask compares with. */
  sinceMs: number;
  at: Map<Platform, string>;
  /** Asked since it got its place in the order (see `Subject`). */
  used: boolean;
  /** When last asked (the working set's clock). */
  usedAt: number;
}

/** A kept count: its query (instants as ISO text) and the answer. */
export interface KeptCount extends PostCountWindow {
  n: number;
}

/**
 * Limit answers kept in memory (each is a few bytes): enough for the several counts of every
 * account a busy server checks; beyond it the least recently asked subject's answers go first.
 */
export const ANSWERS_KEPT = 80_000;

/**
 * The working set of the limit answers: past `ANSWERS_KEPT`, what was asked within the last minute
 * stays, up to four times the bound. A check asks about six answers an account, so a server whose
 * busy minute checks 20,000 accounts holds about 120,000; a bound below the rotation would drop
 * each account's answers just before they are asked again, and every check would count anew.
 */
export const ANSWERS_WORKING_SET: WorkingSetPolicy = { ...WORKING_SET, ceilingFactor: 4 };
/** In-use answers one `#bound` call passes by before it gives up. */
const IN_USE_STEPS = 16;

function answersIn(subject: SubjectCounts): number {
  let n = 0;
  for (const slots of subject.values()) for (const variants of slots) n += variants?.size ?? 0;
  return n;
}

/**
 * A subject's kept counts by `since` (ms), then by a slot for the network and the two flags
 * (`slotOf`), then by the rest of the query (`restOf`, usually empty). Every POST /posts check asks
 * several counts: the lookups use numbers and strings that already exist, so nothing is built and
 * hashed anew for them.
 */
type SubjectCounts = Map<number, Array<Map<string, KeptCount> | undefined>>;

/**
 * A profile's or account's kept counts. An ask only marks it `used`: moving it to the end of the
 * order on every ask (a Map delete and set) cost each count more than the lookup. The bound moves a
 * marked subject to the end when it reaches it, so the least recently asked still goes first.
 */
interface Subject {
  counts: SubjectCounts;
  used: boolean;
  /** When last asked (the working set's clock). */
  usedAt: number;
}

const PLATFORM_SLOT = new Map<string, number>(PLATFORMS.map((platform, i) => [platform, i]));
/** The slot of a count over every network. */
const ANY_PLATFORM = PLATFORMS.length;

function slotOf(query: PostCountQuery): number {
  const platform = query.platform === undefined ? ANY_PLATFORM : (PLATFORM_SLOT.get(query.platform) ?? -1);
  if (platform < 0) throw new TypeError(`post counts: unknown network ${query.platform}`);
  return platform * 4 + (query.countingOnly === true ? 1 : 0) + (query.withLinks === true ? 2 : 0);
}

/** The end of the window, and the account beside a profile: empty for most counts. */
function restOf(query: PostCountQuery): string {
  const other = query.profileId !== undefined && query.accountId !== undefined ? query.accountId : '';
  return query.until === undefined ? other : `${query.until.getTime()}|${other}`;
}

/**
 * The limit answers of the post records (counts, latest send) kept in memory. Every check of a
 * post (dry runs and each scheduled send included) asks them again; an insert brings the kept
 * answers it matches up to date instead of dropping them, so a busy minute's sends do not count
 * the table again on every send. The repository drops them all when a write could change an
 * answer in a way an insert does not show (a status change, a transaction rolled back).
 */
export class PostCountAnswers {
  /** Kept counts by the subject their query names: its profile, else its account, else none. */
  readonly #byProfile = new Map<string, Subject>();
  readonly #byAccount = new Map<string, Subject>();
  readonly #unscoped: SubjectCounts = new Map();
  #countsKept = 0;

  /** Without a working set, the bound alone decides (the tests of the order use that). */
  constructor(
    private readonly workingSet: WorkingSetPolicy | null = null,
    private readonly bound = ANSWERS_KEPT,
  ) {}

  /** Latest sends by account, every network at once, within the window they were asked about. */
  readonly #lastAt = new Map<string, KeptLatest>();
  #lastKept = 0;
  readonly #profilesAsked = new AskedOrder(this.#byProfile);
  readonly #accountsAsked = new AskedOrder(this.#byAccount);
  readonly #latestAsked = new AskedOrder(this.#lastAt);

  #now(): number {
    return this.workingSet === null ? 0 : this.workingSet.nowMs();
  }

  forget(): void {
    this.#byProfile.clear();
    this.#byAccount.clear();
    this.#unscoped.clear();
    this.#countsKept = 0;
    this.#lastAt.clear();
    this.#lastKept = 0;
    this.#profilesAsked.reset();
    this.#accountsAsked.reset();
    this.#latestAsked.reset();
  }

  #subject(query: PostCountQuery, create: boolean): SubjectCounts | undefined {
    let subjects: Map<string, Subject>;
    let id: string;
    if (query.profileId !== undefined) {
      subjects = this.#byProfile;
      id = query.profileId;
    } else if (query.accountId !== undefined) {
      subjects = this.#byAccount;
      id = query.accountId;
    } else {
      return this.#unscoped;
    }
    const kept = subjects.get(id);
    if (kept !== undefined) {
      kept.used = true;
      kept.usedAt = this.#now();
      return kept.counts;
    }
    if (!create) return undefined;
    const counts: SubjectCounts = new Map();
    subjects.set(id, { counts, used: false, usedAt: this.#now() });
    return counts;
  }

  count(query: PostCountQuery): number | undefined {
    return this.#subject(query, false)?.get(query.since.getTime())?.[slotOf(query)]?.get(restOf(query))?.n;
  }

  keepCount(query: PostCountQuery, kept: KeptCount): void {
    this.#bound();
    const subject = this.#subject(query, true) as SubjectCounts;
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
    const rest = restOf(query);
    if (!variants.has(rest)) this.#countsKept += 1;
    variants.set(rest, kept);
  }

  /**
   * The latest send (ISO; null: none) on the network at or after `sinceMs`, when the account's kept
   * answer covers it: one kept for an earlier start answers every later one, so the 20-second
   * wait's moving start keeps finding it. Undefined when nothing kept covers it. The start is a
   * number: most asks find no send, and then no instant is written out as text.
   */
  lastAtMs(accountId: string, platform: Platform, sinceMs: number): string | null | undefined {
    const kept = this.#lastAt.get(accountId);
    if (kept === undefined || sinceMs < kept.sinceMs) return undefined;
    kept.used = true;
    kept.usedAt = this.#now();
    const at = kept.at.get(platform);
    return at !== undefined && Date.parse(at) >= sinceMs ? at : null;
  }

  /** Keeps the account's latest send on each network at or after `since` (missing: none since then). */
  keepLastAt(accountId: string, since: string, latest: Map<Platform, string>): void {
    this.#bound();
    if (!this.#lastAt.has(accountId)) this.#lastKept += 1;
    this.#lastAt.set(accountId, {
      since,
      sinceMs: Date.parse(since),
      at: latest,
      used: false,
      usedAt: this.#now(),
    });
  }

  /** A new row (`at` as stored): every kept answer it changes is brought up to date. */
  noteInserted(post: StoredPostRecord, at: string): void {
    for (const subject of [
      this.#byProfile.get(post.profileId)?.counts,
      this.#byAccount.get(post.accountId)?.counts,
      this.#unscoped,
    ]) {
      if (subject === undefined) continue;
      for (const slots of subject.values()) {
        for (const variants of slots) {
          if (variants === undefined) continue;
          for (const kept of variants.values()) {
            if (countsRow(kept, post, at)) kept.n += 1;
          }
        }
      }
    }
    const latest = this.#lastAt.get(post.accountId);
    if (latest !== undefined && at >= latest.since) {
      const last = latest.at.get(post.platform);
      if (last === undefined || at > last) latest.at.set(post.platform, at);
    }
  }

  /**
   * Past the bound, the least recently asked profiles' and accounts' answers go, one of each at a
   * time. With a working set, an answer asked within it is not dropped until the ceiling: the
   * hand passes it by, and a call gives up after a few of those, so a server whose answers are all
   * in use pays a few steps per new answer, not a walk over all of them.
   */
  #bound(): void {
    let inUse = 0;
    while (this.#countsKept + this.#lastKept >= this.bound && inUse < IN_USE_STEPS) {
      // With the answer about to be kept.
      const size = this.#countsKept + this.#lastKept + 1;
      const profile = this.#profilesAsked.next();
      const account = this.#accountsAsked.next();
      const latest = this.#latestAsked.next();
      if (profile === undefined && account === undefined && latest === undefined) {
        this.forget();
        return;
      }
      if (profile !== undefined) {
        const counts = (this.#byProfile.get(profile) as Subject).counts;
        if (this.#drop(this.#byProfile, this.#profilesAsked, profile, size))
          this.#countsKept -= answersIn(counts);
        else inUse++;
      }
      if (account !== undefined) {
        const counts = (this.#byAccount.get(account) as Subject).counts;
        if (this.#drop(this.#byAccount, this.#accountsAsked, account, size))
          this.#countsKept -= answersIn(counts);
        else inUse++;
      }
      if (latest !== undefined) {
        if (this.#drop(this.#lastAt, this.#latestAsked, latest, size)) this.#lastKept -= 1;
        else inUse++;
      }
    }
  }

  /** Drops the entry unless it is in use: the hand then passes it by. */
  #drop<T extends { usedAt: number; used: boolean }>(
    entries: Map<string, T>,
    order: AskedOrder<T>,
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
