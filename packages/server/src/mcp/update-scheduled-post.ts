import { apiError } from '@socialpub/core';
import type { BackendAnswer, ScheduledPostChanges } from '@socialpub/mcp';
import { scheduledPostView } from '../domain/posts/post-views.js';
import { publishingFor } from '../domain/publishing/index.js';
import type { ConnectorCaller } from './connector-caller.js';
import type { ConnectorContext } from './connector-context.js';
import { postBodyOfKept, type StoredKeptRequest } from './kept-request-body.js';

/**
 * `service_update_scheduled_post`. The API has no endpoint to change a scheduled post ("cancel and
 * schedule again"); the connector changes it in place instead, so it keeps its id and never exists
 * twice. Every publishing check runs on the changed request (as a dry run: nothing sent, counted or
 * recorded), then one UPDATE guarded by `outcome = 'waiting'` stores it. The scheduler claims a due
 * post with the same guard (`markSending`), and SQLite runs the two one after the other, so either
 * the change lands before the claim (the new request is what goes out) or the claim wins and the
 * change is refused: never sent twice, never lost.
 */
export async function updateScheduledPost(
  context: ConnectorContext,
  caller: ConnectorCaller,
  id: string,
  changes: ScheduledPostChanges,
): Promise<BackendAnswer> {
  const { services } = context;
  const { scheduledPosts, postRecords } = services.repos;
  const current = scheduledPosts.getForAccount(caller.account.id, id);
  if (!current)
    throw apiError('post_not_found', 'No scheduled post with this id on the account.', { status: 404 });
  const notWaiting = () => {
    const latest = scheduledPosts.get(id) ?? current;
    const view = scheduledPostView(
      latest,
      postRecords.listForScheduledPost(id),
      services.clocks.forAccount(caller.account.id).now(),
      false,
    );
    return apiError(
      'not_cancellable',
      `The scheduled post is ${view.status} and can no longer be changed; nothing was changed.`,
      { status: 409, extra: { status: view.status } },
    );
  };
  if ((current.outcome ?? 'waiting') !== 'waiting') throw notWaiting();

  const kept = current.request as unknown as StoredKeptRequest;
  const post = postBodyOfKept({
    ...kept,
    text: changes.text ?? kept.text,
    mediaIds: changes.mediaID ?? kept.mediaIds,
    options: changes.options ?? kept.options,
  });
  post['scheduledFor'] = changes.scheduledFor ?? current.at;
  const prepared = await publishingFor(services).prepare({
    address: 'current',
    account: caller.account,
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
  const at = prepared.delivery.at.toISOString();
  const now = services.clocks.forAccount(caller.account.id).now().toISOString();
  const changed = services.db.transaction(() => {
    const result = services.db
      .prepare(
        `UPDATE scheduled_posts SET at = ?, scheduled_for = ?, request = ?, media_type = ?, note = NULL, updated_at = ?
         WHERE id = ? AND account_id = ? AND outcome = 'waiting'`,
      )
      .run(at, at, JSON.stringify(prepared.kept), prepared.kept.mediaType, now, id, caller.account.id);
    if (result.changes === 0) return false;
    services.db
      .prepare('UPDATE connector_requests SET request = ? WHERE id = ?')
      .run(JSON.stringify(post), id);
    return true;
  })();
  if (!changed) throw notWaiting();
  const updated = scheduledPosts.get(id);
  const record = updated
    ? scheduledPostView(
        updated,
        postRecords.listForScheduledPost(id),
        services.clocks.forAccount(caller.account.id).now(),
        true,
      )
    : null;
  return {
    status: 200,
    body: {
      updated: true,
      scheduled_post_id: id,
      scheduled_at: at,
      message: `The scheduled post was changed; it goes out at ${at}.`,
      record,
      ...(prepared.warnings.length > 0 ? { warnings: prepared.warnings } : {}),
    },
  };
}
