import type { Platform } from '@socialpub/core';
import type { PostCountQuery, StoredPostRecord } from '../../db/post-records-repo.js';
import type { Repositories } from '../../db/repositories.js';
import type { StoredScheduledPost } from '../../db/scheduled-posts-repo.js';

export type { PostCountQuery, StoredScheduledPost };
export type StoredPost = StoredPostRecord;

/** The normalised request a scheduled post keeps for send time ("Options are kept and used when it goes out"). */
export interface KeptPostRequest {
  accountId: string;
  profileId: string;
  platform: Platform;
  text: string | null;
  /** Library file ids (mediaID), kept until the post goes out. */
  mediaIds: string[];
  /** Legacy URLs, fetched when it goes out (no copy kept). */
  mediaUrls: string[];
  options: Record<string, unknown>;
  postType: string;
  mediaType: string | null;
}

/**
 * What publishing needs of the post records and scheduled posts (owned by the posts area). Limits
 * are counted from the post records (`limit-counts.ts`), so a refused request counts nothing.
 */
export class PublishingStore {
  /** Sends handed to a network but not yet recorded, by `account:platform`, with their send time. */
  readonly #sending = new Map<string, Date>();

  constructor(private readonly repos: Repositories) {}

  /**
   * Limits, Request throttle: a send in flight holds its network's 20-second slot until its post
   * record exists, so two requests arriving together cannot both pass the wait (the record is only
   * written once the network answers). Returns the release, called once the send has finished.
   */
  beginSend(accountId: string, platform: Platform, at: Date): () => void {
    const key = `${accountId}:${platform}`;
    this.#sending.set(key, at);
    return () => {
      if (this.#sending.get(key) === at) this.#sending.delete(key);
    };
  }

  /** Limits count from the post records themselves, so recording a send is one insert. */
  insertPost(post: StoredPost): void {
    this.repos.postRecords.insert(post);
  }

  /** The same insert committed with the others of this turn; resolves once it is committed. */
  insertPostCommitted(post: StoredPost): Promise<void> {
    return this.repos.postRecords.insertCommitted(post);
  }

  countPosts(query: PostCountQuery): number {
    return this.repos.postRecords.countPosts(query);
  }

  /** Latest send of the account to the network at or after `since` (the 20-second wait), or null. */
  lastPostSince(accountId: string, platform: Platform, since: Date): Date | null {
    const recorded = this.repos.postRecords.lastPostSince(accountId, platform, since);
    // Most checks meet no send in flight: then no key is built.
    if (this.#sending.size === 0) return recorded;
    const inFlight = this.#sending.get(`${accountId}:${platform}`) ?? null;
    if (inFlight === null || (recorded !== null && recorded >= inFlight)) return recorded;
    return inFlight;
  }

  insertScheduledPost(post: StoredScheduledPost): void {
    this.repos.scheduledPosts.insert(post);
  }

  countWaitingScheduled(accountId: string): number {
    return this.repos.scheduledPosts.countWaiting(accountId);
  }

  waitingDueTimes(accountId: string, platform: Platform, from: Date, to: Date): Date[] {
    return this.repos.scheduledPosts.waitingDueTimes(accountId, platform, from, to);
  }

  sendTimesBetween(accountId: string, platform: Platform, from: Date, to: Date): Date[] {
    return this.repos.postRecords.sendTimesBetween(accountId, platform, from, to);
  }
}
