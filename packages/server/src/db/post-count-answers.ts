import { PLATFORMS, type Platform } from '@socialpub/core';
import {
  countsRow,
  type PostCountQuery,
  type PostCountWindow,
  type StoredPostRecord,
} from './post-record-rows.js';

/** An account's latest send on each network since `since` (ISO); a network missing: none since. */
interface KeptLatest {
  since: string;
  at: Map<Platform, string>;
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
  readonly #byProfile = new Map<string, SubjectCounts>();
  readonly #byAccount = new Map<string, SubjectCounts>();
  readonly #unscoped: SubjectCounts = new Map();
  #countsKept = 0;
  /** Latest sends by account, every network at once, within the window they were asked about. */
  readonly #lastAt = new Map<string, KeptLatest>();
  #lastKept = 0;

  forget(): void {
    this.#byProfile.clear();
    this.#byAccount.clear();
    this.#unscoped.clear();
    this.#countsKept = 0;
    this.#lastAt.clear();
    this.#lastKept = 0;
  }

  #subject(query: PostCountQuery, create: boolean): SubjectCounts | undefined {
    let subjects: Map<string, SubjectCounts>;
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
    let counts = subjects.get(id);
    if (counts === undefined) {
      if (!create) return undefined;
      counts = new Map();
    } else {
      // Least recently asked first: an asked subject moves to the end.
      subjects.delete(id);
    }
    subjects.set(id, counts);
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
   * The latest send on the network at or after `since` (ISO; null: none), when the account's kept
   * answer covers `since`: one kept for an earlier start answers every later one, so the 20-second
   * wait's moving start keeps finding it. Undefined when nothing kept covers it.
   */
  lastAt(accountId: string, platform: Platform, since: string): string | null | undefined {
    const kept = this.#lastAt.get(accountId);
    if (kept === undefined || since < kept.since) return undefined;
    this.#lastAt.delete(accountId);
    this.#lastAt.set(accountId, kept);
    const at = kept.at.get(platform);
    return at !== undefined && at >= since ? at : null;
  }

  /** Keeps the account's latest send on each network at or after `since` (missing: none since then). */
  keepLastAt(accountId: string, since: string, latest: Map<Platform, string>): void {
    this.#bound();
    if (!this.#lastAt.has(accountId)) this.#lastKept += 1;
    this.#lastAt.set(accountId, { since, at: latest });
  }

  /** A new row (`at` as stored): every kept answer it changes is brought up to date. */
  noteInserted(post: StoredPostRecord, at: string): void {
    for (const subject of [
      this.#byProfile.get(post.profileId),
      this.#byAccount.get(post.accountId),
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

  /** Past the bound, the least recently asked profiles' and accounts' answers go, one of each at a time. */
  #bound(): void {
    while (this.#countsKept + this.#lastKept >= ANSWERS_KEPT) {
      const profile = this.#byProfile.entries().next().value;
      const account = this.#byAccount.entries().next().value;
      const latest = this.#lastAt.keys().next().value;
      if (profile === undefined && account === undefined && latest === undefined) {
        this.forget();
        return;
      }
      if (profile !== undefined) {
        this.#byProfile.delete(profile[0]);
        this.#countsKept -= answersIn(profile[1]);
      }
      if (account !== undefined) {
        this.#byAccount.delete(account[0]);
        this.#countsKept -= answersIn(account[1]);
      }
      if (latest !== undefined) {
        this.#lastAt.delete(latest);
        this.#lastKept -= 1;
      }
    }
  }
}
