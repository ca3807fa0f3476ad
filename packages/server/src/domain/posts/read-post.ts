import { apiError, type PostOrScheduled } from '@socialpub/core';
import type { DomainDeps } from '../domain-deps.js';
import { collectFiguresNow } from './figures-collection.js';
import { postRecordWithFigures, scheduledPostView } from './post-views.js';

/**
 * GET /api/v2/posts/{id}: a post record with `figures`, or a scheduled post record with `results`.
 * Another account's id reads exactly like one that does not exist (404 post_not_found).
 */
export function readPost(
  services: Pick<DomainDeps, 'repos' | 'clocks' | 'drivers'>,
  accountId: string,
  id: string,
): PostOrScheduled {
  const { postRecords, scheduledPosts } = services.repos;
  const now = services.clocks.forAccount(accountId).now();
  let post = postRecords.getForAccount(accountId, id);
  if (post) {
    // A post that succeeded since the last due-work pass is collected once now, so a success never
    // reads with figures missing; later collections keep the 6-hour rhythm.
    if (post.status === 'success' && !post.figures) post = collectFiguresNow(services, post, now);
    return postRecordWithFigures(post, now);
  }
  const scheduled = scheduledPosts.getForAccount(accountId, id);
  if (scheduled) {
    return scheduledPostView(scheduled, postRecords.listForScheduledPost(scheduled.id), now, true);
  }
  throw apiError('post_not_found', 'No post or scheduled post with this id on the account.', { status: 404 });
}
