import { apiError, type CancelResponse, scheduledStatusForOutcome } from '@socialpub/core';
import type { DomainDeps } from '../domain-deps.js';
import { scheduledPostView } from './post-views.js';

/**
 * DELETE /posts/{scheduled_post_id}: cancels a post that has not gone out, whoever scheduled it
 * (including the daily allowance queue, and a post moved to a later time). A repeat answers 200 with
 * `already_cancelled`; processing, published or failed answer 409 not_cancellable with
 * `error.status`. A post record's id (a post already out) answers 409 too: "A post already out
 * cannot be deleted from the network".
 */
export function cancelPost(
  services: Pick<DomainDeps, 'repos' | 'clocks'>,
  accountId: string,
  id: string,
): CancelResponse {
  const { scheduledPosts, postRecords } = services.repos;
  const now = services.clocks.forAccount(accountId).now();
  const scheduled = scheduledPosts.getForAccount(accountId, id);
  if (!scheduled) {
    const post = postRecords.getForAccount(accountId, id);
    if (post) {
      throw apiError(
        'not_cancellable',
        `This is a post already sent to ${post.platform} (status ${post.status}); a post already out cannot be deleted from the network.`,
        { status: 409, extra: { status: post.status } },
      );
    }
    throw apiError('post_not_found', 'No scheduled post with this id on the account.', { status: 404 });
  }
  const data = (message: string): CancelResponse['data'] => ({
    scheduled_post_id: scheduled.id,
    status: 'cancelled',
    platforms: scheduled.platforms,
    was_due_at: scheduled.at,
    message,
  });
  if (scheduled.outcome === 'cancelled') {
    return { data: data('The scheduled post was already cancelled.'), already_cancelled: true };
  }
  // The update only applies while it is still waiting, so a send that starts meanwhile wins cleanly.
  if (scheduledPosts.cancel(scheduled.id, now)) {
    return { data: data('The scheduled post was cancelled; nothing was sent.') };
  }
  const current = scheduledPosts.get(scheduled.id) ?? scheduled;
  if (current.outcome === 'cancelled') {
    return { data: data('The scheduled post was already cancelled.'), already_cancelled: true };
  }
  const view = scheduledPostView(current, postRecords.listForScheduledPost(current.id), now, false);
  const status = view.status === 'scheduled' ? scheduledStatusForOutcome('sending') : view.status;
  throw apiError('not_cancellable', `The scheduled post is ${status} and can no longer be cancelled.`, {
    status: 409,
    extra: { status },
  });
}
