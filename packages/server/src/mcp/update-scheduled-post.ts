import type { BackendAnswer, ScheduledPostChanges } from '@socialpub/mcp';
import { changeScheduledPost } from '../domain/posts/change-scheduled-post.js';
import type { Services } from '../services.js';
import type { ConnectorCaller } from './connector-caller.js';

/** `service_update_scheduled_post`: the domain's change in place, answered as the tool reports it. */
export async function updateScheduledPost(
  services: Services,
  caller: ConnectorCaller,
  id: string,
  changes: ScheduledPostChanges,
): Promise<BackendAnswer> {
  const changed = await changeScheduledPost(services, caller.account, id, {
    text: changes.text,
    mediaIds: changes.mediaID,
    options: changes.options,
    scheduledFor: changes.scheduledFor,
  });
  return {
    status: 200,
    body: {
      updated: true,
      scheduled_post_id: id,
      scheduled_at: changed.at,
      message: `The scheduled post was changed; it goes out at ${changed.at}.`,
      record: changed.view,
      ...(changed.warnings.length > 0 ? { warnings: changed.warnings } : {}),
    },
  };
}
