import {
  LIMITS,
  mimeMatchesExtension,
  SNIFF_BYTES,
  sniffMediaType,
  type UploadLinkState,
} from '@socialpub/core';
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

  /** Size, SHA-256, then the type by first bytes against the extension; null when all match. */
  async check(link: UploadLinkRecord, digest: string): Promise<RejectReason | null> {
    const onDisk = await this.deps.storage.sizeOnDisk(link.fileId);
    if (onDisk === null) return 'gone';
    if (onDisk !== link.size) return 'size';
    if (digest !== link.sha256) return 'sha256';
    const sniffed = sniffMediaType(await this.deps.storage.readHead(link.fileId, SNIFF_BYTES));
    if (sniffed === null) return 'content';
    return mimeMatchesExtension(sniffed.mime, link.fileName) ? null : 'type';
  }

  /** Applies a check's outcome: the file becomes ready and public, or is deleted and the link closed. */
  async settleCheck(link: UploadLinkRecord, digest: string): Promise<UploadLinkRecord> {
    const reason = await this.check(link, digest);
    if (reason !== null) return this.end(link, 'closed', `rejected:${reason}`);
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
  ): Promise<UploadLinkRecord> {
    const now = this.deps.clocks.forAccount(link.accountId).now().toISOString();
    const { repos, links } = this.deps;
    const fresh = links.get(link.fileId) ?? link;
    const ended: UploadLinkRecord = { ...fresh, state, endReason: reason, endedAt: now, closesAt: null };
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
