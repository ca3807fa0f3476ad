import type { DueWorkSource } from '../../due-work.js';
import type { NetworkResult } from '../../networks/index.js';
import type { DomainDeps } from '../domain-deps.js';

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A post that finishes after the answer (tiktok and instagram, 202 processing uploads, a late
 * still_publishing answer) is asked again through the driver's `pollStatus` at its `finish_at`
 * (reference-server.md, Simulated networks, `finish_after_seconds`). When the network says it is
 * published the record becomes `success` and its figure collection starts.
 * Publishing only has to store the record with status `processing` and `finishAt`: the due-work
 * source below finds it; calling this directly is also safe.
 */
function finishPendingPost(services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>, postId: string): void {
  const { postRecords } = services.repos;
  const post = postRecords.get(postId);
  if (!post?.finishAt) return;
  const now = services.clocks.forAccount(post.accountId).now();
  if (post.status !== 'processing' && post.status !== 'timeout') {
    postRecords.update(postId, { finishAt: null });
    return;
  }
  const finishAt = new Date(post.finishAt);
  if (now.getTime() < finishAt.getTime()) return;
  const result = (post.networkResult ?? { status: 'processing', post_id: '', message: '' }) as NetworkResult;
  const driver = services.drivers[post.platform];
  const polled = driver.pollStatus
    ? driver.pollStatus({ result, username: post.username ?? '', finishAt, now })
    : ({ done: true, result } as const);
  if (!polled.done) {
    // The network is not finished yet: ask again after the same delay.
    const again = new Date(now.getTime() + Math.max(1_000, finishAt.getTime() - new Date(post.at).getTime()));
    postRecords.update(postId, { finishAt: again.toISOString() });
    return;
  }
  const at = now.toISOString();
  postRecords.update(postId, {
    status: 'success',
    networkResult: polled.result,
    permalink: stringOrNull(polled.result['permalink']) ?? post.permalink,
    publishId:
      post.publishId ??
      stringOrNull(polled.result['publish_id']) ??
      stringOrNull(polled.result['container_id']) ??
      stringOrNull(polled.result.post_id),
    updatedAt: at,
    finishAt: null,
    publishedAt: at,
    nextFiguresAt: at,
  });
}

/** Due work: the earliest post waiting for its network to finish (post_records.finish_at). */
export function pendingPostsSource(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
): DueWorkSource {
  return {
    name: 'pending-posts',
    perClock: true,
    nextDueAt: (scope) => services.repos.postRecords.nextFinishDue(scope)?.at ?? null,
    runNext(_now, scope) {
      const due = services.repos.postRecords.nextFinishDue(scope);
      if (due) finishPendingPost(services, due.id);
    },
  };
}
