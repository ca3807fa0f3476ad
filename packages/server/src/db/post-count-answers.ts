import type { PostCountQuery, StoredPostRecord } from './post-records-repo.js';

/** A kept count: its query (instants as ISO text) and the answer. */
export interface KeptCount extends Omit<PostCountQuery, 'since' | 'until'> {
  since: string;
  until: string | undefined;
  n: number;
}

/** Whether a newly inserted row (`at` as stored) is one the kept count counts. */
function countMatches(kept: KeptCount, post: StoredPostRecord, at: string): boolean {
  if (at < kept.since || (kept.until !== undefined && at >= kept.until)) return false;
  if (kept.accountId !== undefined && kept.accountId !== post.accountId) return false;
  if (kept.profileId !== undefined && kept.profileId !== post.profileId) return false;
  if (kept.platform !== undefined && kept.platform !== post.platform) return false;
  if (kept.countingOnly === true && post.status === 'failed') return false;
  return kept.withLinks !== true || post.hasLinks;
}

/** Limit answers kept in memory; a bound only (each is a few bytes), cleared whole when reached. */
const ANSWERS_KEPT = 10_000;

/**
 * The limit answers of the post records (counts, latest send) kept in memory. Every check of a
 * post (dry runs and each scheduled send included) asks them again; an insert brings the kept
 * answers it matches up to date instead of dropping them, so a busy minute's sends do not count
 * the table again on every send. The repository drops them all when a write could change an
 * answer in a way an insert does not show (a status change, a transaction rolled back).
 */
export class PostCountAnswers {
  readonly #counts = new Map<string, KeptCount>();
  /** Kept count keys by the subject their query names (`p:` profile, `a:` account, `*` neither). */
  readonly #bySubject = new Map<string, Set<string>>();
  /** Latest send by `account\nplatform` (ISO, or null when it never posted there). */
  readonly #lastAt = new Map<string, string | null>();

  forget(): void {
    this.#counts.clear();
    this.#bySubject.clear();
    this.#lastAt.clear();
  }

  count(key: string): number | undefined {
    return this.#counts.get(key)?.n;
  }

  keepCount(key: string, kept: KeptCount): void {
    this.#bound();
    this.#counts.set(key, kept);
    const subject =
      kept.profileId !== undefined
        ? `p:${kept.profileId}`
        : kept.accountId !== undefined
          ? `a:${kept.accountId}`
          : '*';
    let keys = this.#bySubject.get(subject);
    if (keys === undefined) {
      keys = new Set();
      this.#bySubject.set(subject, keys);
    }
    keys.add(key);
  }

  lastAt(key: string): string | null | undefined {
    return this.#lastAt.get(key);
  }

  keepLastAt(key: string, at: string | null): void {
    this.#bound();
    this.#lastAt.set(key, at);
  }

  /** A new row (`at` as stored): every kept answer it changes is brought up to date. */
  noteInserted(post: StoredPostRecord, at: string): void {
    for (const subject of [`p:${post.profileId}`, `a:${post.accountId}`, '*']) {
      for (const key of this.#bySubject.get(subject) ?? []) {
        const kept = this.#counts.get(key);
        if (kept !== undefined && countMatches(kept, post, at)) kept.n += 1;
      }
    }
    const lastKey = `${post.accountId}\n${post.platform}`;
    if (this.#lastAt.has(lastKey)) {
      const last = this.#lastAt.get(lastKey) ?? null;
      if (last === null || at > last) this.#lastAt.set(lastKey, at);
    }
  }

  /** A bound only (each answer is a few bytes): past it, start again. */
  #bound(): void {
    if (this.#counts.size + this.#lastAt.size >= ANSWERS_KEPT) this.forget();
  }
}
