import type { Platform } from '@socialpub/core';
import { rowTest } from './post-count-query.js';
import type { PostCountWindow, StoredPostRecord } from './post-record-rows.js';

const profileKey = (profileId: string, platform: Platform): string => `${profileId} ${platform}`;

/** A post record waiting for its group's commit, and the publish waiting for that commit. */
export interface PendingPostRecord {
  post: StoredPostRecord;
  /** `at` as stored (ISO). */
  at: string;
  committed: () => void;
  failed: (error: unknown) => void;
}

/**
 * Publishes recorded in one turn of the event loop, committed together at its end (`setImmediate`):
 * SQLite writes every page a commit touches to the WAL, and publishes recorded together share the
 * table's last page, the id index's and the due-figures index's, so the group writes them once.
 * Each publish is answered only once its row is committed, so nothing acknowledged is ever lost.
 * Until then the limit queries see the rows as if inserted (`countMatching`, `addLatest`).
 */
export class PendingPostRecords {
  #rows: PendingPostRecord[] = [];
  /**
   * The same rows by profile and network, for the networks' own rules (duplicates, posts per
   * period): a busy turn holds many rows, and each publish asks only about its own profile's.
   */
  #byProfile = new Map<string, PendingPostRecord[]>();
  /** By account: every limit question names one, so it reads only that account's rows. */
  #byAccount = new Map<string, PendingPostRecord[]>();
  #scheduled = false;

  constructor(private readonly commit: (rows: PendingPostRecord[]) => void) {}

  get size(): number {
    return this.#rows.length;
  }

  /** Resolves once the row is committed; rejects with the insert's error. */
  add(post: StoredPostRecord, at: string): Promise<void> {
    return new Promise<void>((committed, failed) => {
      const row = { post, at, committed, failed };
      this.#rows.push(row);
      const key = profileKey(post.profileId, post.platform);
      const same = this.#byProfile.get(key);
      if (same === undefined) this.#byProfile.set(key, [row]);
      else same.push(row);
      const account = this.#byAccount.get(post.accountId);
      if (account === undefined) this.#byAccount.set(post.accountId, [row]);
      else account.push(row);
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Commits every waiting row now (the turn's end, or closing the database). */
  flush(): void {
    this.#scheduled = false;
    if (this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    this.#byProfile = new Map();
    this.#byAccount = new Map();
    this.commit(rows);
  }

  countMatching(window: PostCountWindow): number {
    const rows = window.accountId === undefined ? this.#rows : (this.#byAccount.get(window.accountId) ?? []);
    const counts = rowTest(window);
    let n = 0;
    for (const row of rows) if (counts(row.post, row.at)) n += 1;
    return n;
  }

  /** The profile's waiting rows on a network, oldest first. */
  rowsOf(profileId: string, platform: Platform): readonly PendingPostRecord[] {
    return this.#byProfile.get(profileKey(profileId, platform)) ?? [];
  }

  /** Adds the account's waiting rows at or after `since` (ISO) to its latest send by network. */
  addLatest(accountId: string, since: string, latest: Map<Platform, string>): void {
    for (const { post, at } of this.#byAccount.get(accountId) ?? []) {
      if (at < since) continue;
      const last = latest.get(post.platform);
      if (last === undefined || at > last) latest.set(post.platform, at);
    }
  }
}
