import { apiError } from '@socialpub/core';
import type { PostBody } from '@socialpub/mcp';
import { keptRequestOf, postBodyOfKept } from '../domain/posts/kept-post-body.js';
import { scheduledPostView } from '../domain/posts/post-views.js';
import type { Services } from '../services.js';
import type { ConnectorCaller } from './connector-caller.js';

const NEVER_AGAIN =
  'It was sent and never confirmed: it may be on the network, so it is never sent again. Read it with service_get_post.';

/**
 * `service_retry_post`: the request of a failed post, to be sent again as a new attempt through
 * the same publishing path as a new post (every check again; it counts as an attempt). A `timeout`
 * post or an unconfirmed scheduled post is refused ("never send it again"). Post records keep no
 * request, so a failed post is retried from what the connector kept when it made it; a failed
 * scheduled post from its own kept request.
 */
export function retryFailedPost(services: Services, caller: ConnectorCaller, id: string): PostBody {
  const { repos, clocks } = services;
  const accountId = caller.account.id;
  const refuse = (message: string, status: string) =>
    apiError('bad_request', `${message} Nothing was sent.`, { extra: { parameter: 'id', status } });

  const post = repos.postRecords.getForAccount(accountId, id);
  if (post) {
    if (post.status === 'timeout') throw refuse(NEVER_AGAIN, post.status);
    if (post.status !== 'failed')
      throw refuse(`Only a failed post can be sent again; this one is ${post.status}.`, post.status);
    const kept = repos.connectorRequests.get(accountId, id);
    if (kept) return kept.request as PostBody;
    if (post.scheduledPostId) {
      const scheduled = repos.scheduledPosts.getForAccount(accountId, post.scheduledPostId);
      if (scheduled) return postBodyOfKept(keptRequestOf(scheduled));
    }
    throw refuse(
      'This post was not made through the connector, so its request was not kept; send it again with service_publish_post.',
      post.status,
    );
  }
  const scheduled = repos.scheduledPosts.getForAccount(accountId, id);
  if (!scheduled)
    throw apiError('post_not_found', 'No post or scheduled post with this id on the account.', {
      status: 404,
    });
  // The account's own clock, as the REST reads of a scheduled post use it.
  const now = clocks.forAccount(accountId).now();
  const view = scheduledPostView(scheduled, repos.postRecords.listForScheduledPost(id), now, false);
  if (view.outcome === 'unconfirmed') throw refuse(NEVER_AGAIN, view.status);
  if (view.outcome !== 'failed') {
    throw refuse(`Only a failed scheduled post can be sent again; this one is ${view.outcome}.`, view.status);
  }
  return postBodyOfKept(keptRequestOf(scheduled));
}
