import type { Platform, PostStatus } from '@socialpub/core';
import { SIZED_FOR_ACCOUNTS } from './lru-working-set.js';

/** A post a network accepted, as its duplicate and posting-limit rules read it. */
export interface NetworkText {
  at: string;
  /** SHA-256 of the NFC text (X, LinkedIn, Facebook); null for a post without one. */
  digest: Buffer | null;
  networkPostId: string | null;
}

interface Entry {
  /** Every accepted post at or after `since` (ISO) is in `posts`, oldest first. */
  since: string;
  posts: NetworkText[];
}

/**
 * Profiles and networks cached: one for every account a server is sized for; past it the oldest is
 * evicted (it is read again when asked).
 */
export const RECENT_NETWORK_POSTS_KEPT = SIZED_FOR_ACCOUNTS;

/** What the cache reads of a new post record. */
export interface NetworkPostRow {
  profileId: string;
  platform: Platform;
  status: PostStatus;
  publishId: string | null;
  textDigest?: Buffer | undefined;
}

export const recentKey = (profileId: string, platform: Platform): string => `${profileId} ${platform}`;

export function isAccepted(post: { status: PostStatus }): boolean {
  return post.status === 'success' || post.status === 'processing';
}

/**
 * The accepted posts of each profile on each network within the networks' history window (one
 * day), kept as the post records' limit answers are: read once, brought up to date by every insert
 * (`noteInserted`), invalidated when a transaction rolls back or a status changes (`invalidate`). A busy
 * minute's scheduled sends to one profile then ask the database once, not once a send.
 */
export class RecentNetworkPostsCache {
  #entries = new Map<string, Entry>();

  /** The kept posts at or after `since`, oldest first; undefined when nothing that old is kept. */
  get(key: string, since: string): NetworkText[] | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || since < entry.since) return undefined;
    // Asks move forward with the clock: what falls out of the window is never asked again.
    let first = 0;
    while (first < entry.posts.length && (entry.posts[first] as NetworkText).at < since) first += 1;
    if (first > 0) entry.posts = entry.posts.slice(first);
    entry.since = since;
    return entry.posts;
  }

  keep(key: string, since: string, posts: NetworkText[]): void {
    if (this.#entries.size >= RECENT_NETWORK_POSTS_KEPT && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { since, posts });
  }

  noteInserted(post: NetworkPostRow, at: string): void {
    if (this.#entries.size === 0 || !isAccepted(post)) return;
    const entry = this.#entries.get(recentKey(post.profileId, post.platform));
    if (entry === undefined || at < entry.since) return;
    entry.posts.push({ at, digest: post.textDigest ?? null, networkPostId: post.publishId });
  }

  invalidate(): void {
    if (this.#entries.size > 0) this.#entries = new Map();
  }

  /** Invalidates what is cached about these profiles on every network (their account is being deleted). */
  invalidateProfiles(profileIds: readonly string[]): void {
    if (this.#entries.size === 0 || profileIds.length === 0) return;
    const gone = new Set(profileIds);
    for (const key of this.#entries.keys()) {
      if (gone.has(key.slice(0, key.lastIndexOf(' ')))) this.#entries.delete(key);
    }
  }

  /** Profiles and networks kept now (the memory tests read it). */
  get keptCount(): number {
    return this.#entries.size;
  }
}
