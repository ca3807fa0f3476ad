import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LIMITS } from '@socialpub/core';
import type { ClockScope } from '../../clocks/clock-scope.js';
import type { LibraryFileRecord, RemovedFile } from '../../db/media-imports-repo.js';
import type { Repositories } from '../../db/repositories.js';
import type { DueWorkSource } from '../../due-work.js';
import type { MediaFolder } from '../../files/media-folder.js';

/**
 * "imported and uploaded files are kept 7 days, and until a scheduled post that uses them goes
 * out" (Retention). Expiry is due work on the one clock: at `expires_at` a file still used by a
 * waiting scheduled post is kept until that post's due time; any other file leaves the library,
 * its bytes are removed from disk, and later status calls answer 404 (410 for upload links).
 */
export type HoldCheck = (file: LibraryFileRecord) => Date | null;

/** Re-check a file that a post due now (or being sent) still uses after this long. */
const HOLD_RECHECK_SECONDS = 60;

export class MediaRetention implements DueWorkSource {
  readonly name = 'media-retention';
  readonly perClock = true;
  #holdCheck: HoldCheck;
  readonly #listeners: Array<(removed: RemovedFile) => void> = [];

  constructor(
    private readonly repos: Repositories,
    private readonly folder: MediaFolder,
  ) {
    this.#holdCheck = (file) => {
      const at = repos.mediaImports.latestWaitingPostUsing(file.accountId, file.fileId);
      return at === null ? null : new Date(at);
    };
  }

  /** Replaces how "used by a waiting scheduled post" is decided (default: the scheduled_posts table). */
  setHoldCheck(check: HoldCheck): void {
    this.#holdCheck = check;
  }

  /** The due time of the latest waiting post that uses the file, or null. */
  heldUntil(file: LibraryFileRecord): Date | null {
    return this.#holdCheck(file);
  }

  /** `expires_at` as the library shows it: later while a waiting scheduled post uses the file. */
  shownExpiry(file: LibraryFileRecord): string {
    const stored =
      file.expiresAt ??
      new Date(Date.parse(file.uploadedAt) + LIMITS.retention.librarySeconds * 1000).toISOString();
    const held = this.heldUntil(file);
    return held && held.getTime() > Date.parse(stored) ? held.toISOString() : stored;
  }

  onRemoved(listener: (removed: RemovedFile) => void): void {
    this.#listeners.push(listener);
  }

  nextDueAt(scope: ClockScope): Date | null {
    const next = this.repos.mediaImports.nextToExpire(scope);
    return next ? new Date(next.expiresAt) : null;
  }

  async runNext(now: Date, scope: ClockScope): Promise<void> {
    const next = this.repos.mediaImports.nextToExpire(scope);
    if (!next || Date.parse(next.expiresAt) > now.getTime()) return;
    const file = this.repos.mediaImports.get(next.fileId);
    if (!file) return;
    const held = this.heldUntil(file);
    if (held) {
      const keepUntil = Math.max(held.getTime(), now.getTime() + HOLD_RECHECK_SECONDS * 1000);
      this.repos.mediaImports.setExpiresAt(file.fileId, new Date(keepUntil).toISOString());
      return;
    }
    await this.remove(file, now, 'expired');
  }

  /** Takes a file out of the library: row, bytes on disk, and a note that it existed. */
  async remove(file: LibraryFileRecord, now: Date, reason: string): Promise<void> {
    const removed: RemovedFile = {
      fileId: file.fileId,
      accountId: file.accountId,
      source: file.source,
      removedAt: now.toISOString(),
      reason,
    };
    this.repos.mediaImports.delete(file.fileId);
    this.repos.mediaImports.recordRemoved(removed);
    for (const listener of this.#listeners) listener(removed);
    await this.#removeBytes(file);
  }

  async #removeBytes(file: LibraryFileRecord): Promise<void> {
    const own = this.folder.pathOf(`files/${file.fileId}/content`);
    const targets = new Set([dirname(own)]);
    if (file.storagePath) targets.add(this.folder.pathOf(file.storagePath));
    for (const target of targets) await rm(target, { recursive: true, force: true });
  }
}
