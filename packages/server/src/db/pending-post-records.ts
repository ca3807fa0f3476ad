import type { Platform } from '@socialpub/core';
import { countsRow, type PostCountWindow, type StoredPostRecord } from './post-record-rows.js';

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
  #scheduled = false;

  constructor(private readonly commit: (rows: PendingPostRecord[]) => void) {}

  get size(): number {
    return this.#rows.length;
  }

  /** Resolves once the row is committed; rejects with the insert's error. */
  add(post: StoredPostRecord, at: string): Promise<void> {
    return new Promise<void>((committed, failed) => {
      this.#rows.push({ post, at, committed, failed });
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
    this.commit(rows);
  }

  countMatching(window: PostCountWindow): number {
    let n = 0;
    for (const row of this.#rows) if (countsRow(window, row.post, row.at)) n += 1;
    return n;
  }

  /** Adds the account's waiting rows at or after `since` (ISO) to its latest send by network. */
  addLatest(accountId: string, since: string, latest: Map<Platform, string>): void {
    for (const { post, at } of this.#rows) {
      if (post.accountId !== accountId || at < since) continue;
      const last = latest.get(post.platform);
      if (last === undefined || at > last) latest.set(post.platform, at);
    }
  }
}
