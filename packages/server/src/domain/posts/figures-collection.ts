import type { Figures } from '@socialpub/core';
import type { StoredPostRecord } from '../../db/post-records-repo.js';
import type { DueWorkSource } from '../../due-work.js';
import type { SimulatedFigures } from '../../networks/index.js';
import { nextFiguresCollectionAt } from '../../networks/index.js';
import type { SharedServices } from '../../shared-services.js';

function simulatedFiguresOf(services: SharedServices, post: StoredPostRecord): SimulatedFigures | undefined {
  if (post.simulatedFigures) return post.simulatedFigures as SimulatedFigures;
  // The publisher may not have kept them with the post: the connection's standing figures stand in.
  const connection = services.repos.connections.get(post.profileId, post.platform);
  const figures = connection?.simulate['figures'];
  return typeof figures === 'object' && figures !== null ? (figures as SimulatedFigures) : undefined;
}

/**
 * Collects a succeeded post's figures through its network driver and stores them with `polled_at`,
 * then sets the next collection: every 6 hours during the first 7 days after publishing, none after.
 */
export function collectFiguresNow(
  services: SharedServices,
  post: StoredPostRecord,
  now: Date,
): StoredPostRecord {
  const { postRecords } = services.repos;
  if (post.status !== 'success') {
    postRecords.update(post.id, { nextFiguresAt: null });
    return { ...post, nextFiguresAt: null };
  }
  const collected = figuresAt(services, post, now);
  postRecords.update(post.id, collected);
  return { ...post, ...collected };
}

/**
 * A succeeded post's figures read at `now` and its next collection. A post that succeeds on the
 * send takes its first collection (due at once) in the same insert, so publishing commits once
 * instead of recording the post and then, a moment later, its first figures.
 */
export function figuresAt(
  services: SharedServices,
  post: StoredPostRecord,
  now: Date,
): { figures: Figures; nextFiguresAt: string | null } {
  const publishedAt = new Date(post.publishedAt ?? post.at);
  const figures = services.drivers[post.platform].collectFigures({
    postId: post.id,
    publishedAt,
    figures: simulatedFiguresOf(services, post),
    now,
  });
  const next = nextFiguresCollectionAt(publishedAt, now);
  return { figures, nextFiguresAt: next === null ? null : next.toISOString() };
}

/** Due work: the earliest figure collection that is due (post_records.next_figures_at). */
export function figuresCollectionSource(services: SharedServices): DueWorkSource {
  return {
    name: 'figures',
    perClock: true,
    nextDueAt: (scope) => services.repos.postRecords.nextFiguresDue(scope)?.at ?? null,
    runNext(now, scope) {
      const due = services.repos.postRecords.nextFiguresDue(scope);
      if (!due) return;
      const post = services.repos.postRecords.get(due.id);
      if (post) collectFiguresNow(services, post, now);
    },
    // After a busy minute every sent post's first collection falls due together: one pass for all.
    runDue(upTo, max, scope) {
      const { postRecords } = services.repos;
      let count = 0;
      for (let due = postRecords.nextFiguresDue(scope); due && due.at <= upTo && count < max; count++) {
        const post = postRecords.get(due.id);
        if (!post) break;
        collectFiguresNow(services, post, services.clocks.forAccount(post.accountId).now());
        due = postRecords.nextFiguresDue(scope);
      }
      return count;
    },
  };
}
