import { contentMismatch, LIMITS, SNIFF_BYTES, sniffMediaType, type UploadLinkState } from '@socialpub/core';
import type { AccountClockLookup } from '../../clocks/account-clocks.js';
import type { Repositories } from '../../db/repositories.js';
import type {
  UploadLinkEndReason,
  UploadLinkRecord,
  UploadLinksRepository,
} from '../../db/upload-links-repo.js';
import { closesAt } from './link-times.js';
import type { UploadStorage } from './upload-storage.js';

export type RejectReason = 'sha256' | 'size' | 'type' | 'content' | 'gone';

/** A refusal of the checks: its `error.reason` and what the file was not, in words. */
export interface Rejection {
  reason: RejectReason;
  detail: string;
}

export interface LifecycleDeps {
  repos: Repositories;
  links: UploadLinksRepository;
  clocks: AccountClockLookup;
  storage: UploadStorage;
}

/**
 * The ends of an upload link ("States and transitions", Media): ready after the checks, cancelled,
 * closed (refused, ran out of time, never used) or failed (could not be checked in 24 hours). Every
 * end charges the day's budget, deletes the tokens, and deletes the bytes unless the file is kept.
 */
export class UploadLinkLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  /**
   * Size, SHA-256, then the type by first bytes against the name (core's `contentMismatch`, the rule
   * the uploaders apply before sending); null when all match.
   */
  async check(link: UploadLinkRecord, digest: string): Promise<Rejection | null> {
    const onDisk = await this.deps.storage.sizeOnDisk(link.fileId);
    if (onDisk === null) return { reason: 'gone', detail: 'The arrived bytes are gone from storage.' };
    if (onDisk !== link.size) {
      return { reason: 'size', detail: `${onDisk} bytes arrived, not the announced ${link.size}.` };
    }
    if (digest !== link.sha256) {
      return {
        reason: 'sha256',
        detail: `The arrived bytes' SHA-256 is ${digest}, not the announced ${link.sha256}: the file changed while it was sent, or another file was sent.`,
      };
    }
    const head = await this.deps.storage.readHead(link.fileId, SNIFF_BYTES);
    const mismatch = contentMismatch(link.fileName, head);
    if (mismatch === null) return null;
    return { reason: sniffMediaType(head) === null ? 'content' : 'type', detail: mismatch };
  }

  /** Applies a check's outcome: the file becomes ready and public, or is deleted and the link closed. */
  async settleCheck(link: UploadLinkRecord, digest: string): Promise<UploadLinkRecord> {
    const rejection = await this.check(link, digest);
    if (rejection !== null) {
      return this.end(link, 'closed', `rejected:${rejection.reason}`, rejection.detail);
    }
    return this.makeReady(link, digest);
  }

  async makeReady(link: UploadLinkRecord, digest: string): Promise<UploadLinkRecord> {
    const now = this.deps.clocks.forAccount(link.accountId).now();
    const storagePath = await this.deps.storage.keep(link.fileId);
    const fresh = this.deps.links.get(link.fileId) ?? link;
    const ready: UploadLinkRecord = {
      ...fresh,
      state: 'ready',
      verifiedSha256: digest,
      closesAt: null,
      endReason: null,
      endedAt: now.toISOString(),
    };
    const { repos, links } = this.deps;
    links.save(ready);
    links.deleteTokens(link.fileId);
    links.addUsedBytes(link.accountId, link.budgetDay, link.size);
    repos.mediaImports.markReady(link.fileId, {
      size: link.size,
      sha256: digest,
      storagePath,
      type: link.type,
      at: now.toISOString(),
    });
    // Retention: files are kept 7 days after upload (longer while a waiting scheduled post uses them).
    repos.mediaImports.setExpiresAt(
      link.fileId,
      new Date(now.getTime() + LIMITS.retention.librarySeconds * 1000).toISOString(),
    );
    return ready;
  }

  async end(
    link: UploadLinkRecord,
    state: Extract<UploadLinkState, 'cancelled' | 'closed' | 'failed'>,
    reason: UploadLinkEndReason,
    detail: string | null = null,
  ): Promise<UploadLinkRecord> {
    const now = this.deps.clocks.forAccount(link.accountId).now().toISOString();
    const { repos, links } = this.deps;
    const fresh = links.get(link.fileId) ?? link;
    const ended: UploadLinkRecord = {
      ...fresh,
      state,
      endReason: reason,
      endDetail: detail,
      endedAt: now,
      closesAt: null,
    };
    links.save(ended);
    links.deleteTokens(link.fileId);
    // Limits, Upload links: bytes that arrived still count when checks refuse them (and on cancel).
    links.addUsedBytes(link.accountId, link.budgetDay, fresh.receivedBytes);
    repos.mediaImports.delete(link.fileId);
    repos.mediaImports.recordRemoved({
      fileId: link.fileId,
      accountId: link.accountId,
      source: 'upload_link',
      removedAt: now,
      reason,
    });
    await this.deps.storage.remove(link.fileId);
    return ended;
  }

  /** Ends a link whose time ran out; returns the link as it now stands. */
  async expireIfDue(link: UploadLinkRecord): Promise<UploadLinkRecord> {
    if (
      link.closesAt === null ||
      Date.parse(link.closesAt) > this.deps.clocks.forAccount(link.accountId).now().getTime()
    )
      return link;
    if (link.state === 'verifying') return this.end(link, 'failed', 'unverifiable');
    if (link.state === 'uploading')
      return this.end(link, 'closed', link.firstByteAt === null ? 'unused' : 'expired');
    const cleared = { ...link, closesAt: null };
    this.deps.links.save(cleared);
    return cleared;
  }

  /** Records bytes the storage endpoint wrote; moves the close time (a used link no longer closes at 4 h). */
  recordReceived(snapshot: UploadLinkRecord, offset: number): void {
    // Read again: a token issued meanwhile moves resume_before and so the close time.
    const link = this.deps.links.get(snapshot.fileId) ?? snapshot;
    const now = this.deps.clocks.forAccount(link.accountId).now().toISOString();
    const firstByteAt = link.firstByteAt ?? (offset > 0 ? now : null);
    const next = closesAt({ ...link, receivedBytes: offset, firstByteAt });
    this.deps.links.setReceived(link.fileId, offset, offset > 0 ? now : null, next);
  }
}
