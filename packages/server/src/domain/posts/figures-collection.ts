import type { Figures } from '@socialpub/core';
import { isoInstant } from '../../clocks/iso-instant.js';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import type { StoredPostRecord } from '../../db/post-records-repo.js';
import type { DueWorkSource } from '../../due-work.js';
import type { SimulatedFigures } from '../../networks/index.js';
import { nextFiguresCollectionAt } from '../../networks/index.js';
import type { DomainDeps } from '../domain-deps.js';

/**
 * The figures a post's network reports: those kept with the post, else the connection's standing
 * figures (the publisher may not have kept them with the post). `connection`: the connection as the
 * caller holds it, or undefined to read it.
 */
function simulatedFiguresOf(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
  post: StoredPostRecord,
  connection?: ConnectionRecord | null,
): SimulatedFigures | undefined {
  if (post.simulatedFigures) return post.simulatedFigures as SimulatedFigures;
  const standing = (
    connection === undefined ? services.repos.connections.get(post.profileId, post.platform) : connection
  )?.simulate['figures'];
  return typeof standing === 'object' && standing !== null ? (standing as SimulatedFigures) : undefined;
}

/**
 * Collects a succeeded post's figures through its network driver and stores them with `polled_at`,
 * then sets the next collection: every 6 hours during the first 7 days after publishing, none after.
 */
export function collectFiguresNow(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
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
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
  post: StoredPostRecord,
  now: Date,
  connection?: ConnectionRecord | null,
): { figures: Figures; nextFiguresAt: string | null } {
  const publishedAt = new Date(post.publishedAt ?? post.at);
  const figures = services.drivers[post.platform].collectFigures({
    postId: post.id,
    publishedAt,
    figures: simulatedFiguresOf(services, post, connection),
    now,
  });
  const next = nextFiguresCollectionAt(publishedAt, now);
  return { figures, nextFiguresAt: next === null ? null : isoInstant(next.getTime()) };
}

/**
 * The first figures of a post that succeeds as it is sent (`figuresAt` at its publishing instant),
 * as its column's JSON text, and its next collection. `connection` is the send's own, whose standing
 * figures stand in when the post kept none (the row the send just read; undefined: read it).
 */
export function firstFiguresAt(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
  post: StoredPostRecord,
  now: Date,
  connection?: ConnectionRecord | null,
): { figuresText: string; nextFiguresAt: string | null } {
  const driver = services.drivers[post.platform];
  const publishedAt = post.publishedAt ?? post.at;
  // Most often the send time as just written out (the same text): then no date is parsed.
  const atNow = publishedAt === isoInstant(now.getTime()) || Date.parse(publishedAt) === now.getTime();
  if (driver.firstFiguresText === undefined || !atNow) {
    const { figures, nextFiguresAt } = figuresAt(services, post, now, connection);
    return { figuresText: JSON.stringify(figures), nextFiguresAt };
  }
  const figures = simulatedFiguresOf(services, post, connection);
  const next = nextFiguresCollectionAt(now, now);
  return {
    figuresText: driver.firstFiguresText({ figures, now }),
    nextFiguresAt: next === null ? null : isoInstant(next.getTime()),
  };
}

/** Due work: the earliest figure collection that is due (post_records.next_figures_at). */
export function figuresCollectionSource(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
): DueWorkSource {
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
