import { apiError } from '@socialpub/core';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { DomainDeps } from '../domain-deps.js';
import type { PreparedPost, PublishingService } from '../publishing/publishing-service.js';
import { keptRequestOf, type PostObject, postBodyOfKept } from './kept-post-body.js';
import { scheduledPostView } from './post-views.js';

/** What an AI app may change on a waiting scheduled post; what it leaves out stays. */
export interface ScheduledPostChange {
  text?: string | undefined;
  mediaIds?: string[] | undefined;
  options?: Record<string, unknown> | undefined;
  scheduledFor?: string | number | undefined;
}

export interface ChangedScheduledPost {
  at: string;
  /** The post object now kept for it (the connector keeps it for a retry). */
  post: PostObject;
  view: ReturnType<typeof scheduledPostView> | null;
  warnings: PreparedPost['warnings'];
}

/**
 * The API has no endpoint to change a scheduled post; the connector changes it in place so it keeps
 * its id and never exists twice. Every publishing check runs on the changed request as a dry run,
 * then one update guarded by `outcome = 'waiting'` stores it: the scheduler's claim (`markSending`)
 * uses the same guard, so the post is never sent twice and the change never lost.
 */
export async function changeScheduledPost(
  services: Pick<DomainDeps, 'db' | 'repos' | 'clocks'> & { publishing: Pick<PublishingService, 'prepare'> },
  account: AccountRecord,
  id: string,
  change: ScheduledPostChange,
): Promise<ChangedScheduledPost> {
  const { scheduledPosts, postRecords, connectorRequests } = services.repos;
  const clock = services.clocks.forAccount(account.id);
  const current = scheduledPosts.getForAccount(account.id, id);
  if (!current)
    throw apiError('post_not_found', 'No scheduled post with this id on the account.', { status: 404 });
  const notWaiting = () => {
    const latest = scheduledPosts.get(id) ?? current;
    const view = scheduledPostView(latest, postRecords.listForScheduledPost(id), clock.now(), false);
    return apiError(
      'not_cancellable',
      `The scheduled post is ${view.status} and can no longer be changed; nothing was changed.`,
      { status: 409, extra: { status: view.status } },
    );
  };
  if ((current.outcome ?? 'waiting') !== 'waiting') throw notWaiting();

  const kept = keptRequestOf(current);
  const post = postBodyOfKept({
    ...kept,
    text: change.text ?? kept.text,
    mediaIds: change.mediaIds ?? kept.mediaIds,
    options: change.options ?? kept.options,
  });
  post['scheduledFor'] = change.scheduledFor ?? current.at;
  const prepared = await services.publishing.prepare({
    address: 'current',
    account,
    rawBody: JSON.stringify({ post }),
    idempotencyKey: undefined,
  });
  if (prepared.delivery.kind !== 'schedule') {
    throw apiError(
      'bad_request',
      'scheduledFor must stay more than 60 seconds ahead for the post to remain scheduled; nothing was changed. To send it now, cancel it and use service_publish_post.',
      { extra: { parameter: 'scheduledFor' } },
    );
  }
  const at = prepared.delivery.at;
  const changed = services.db.transaction(() => {
    const kept = prepared.kept as unknown as Record<string, unknown>;
    if (!scheduledPosts.replaceWaiting(account.id, id, at, kept, prepared.kept.mediaType, clock.now()))
      return false;
    connectorRequests.replaceRequest(id, post);
    return true;
  })();
  if (!changed) throw notWaiting();
  const updated = scheduledPosts.get(id);
  const view = updated
    ? scheduledPostView(updated, postRecords.listForScheduledPost(id), clock.now(), true)
    : null;
  return { at: at.toISOString(), post, view, warnings: prepared.warnings };
}
