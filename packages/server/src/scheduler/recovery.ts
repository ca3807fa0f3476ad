import { type ScheduledResultStatus, scheduledOutcomeFromResults } from '@socialpub/core';
import type { Services } from '../services.js';
import { recordUnconfirmed } from './scheduler.js';

/**
 * Start-up: a scheduled post left `sending` by a crash may or may not have reached its networks.
 * Each network without a recorded result gets a `timeout` post record, so the scheduled post reads
 * `unconfirmed` and is never sent again ("timeout means sent but never confirmed: never send it again").
 * Returns the ids it settled.
 */
export function recoverInterruptedSends(services: Services): string[] {
  const { scheduledPosts, postRecords } = services.repos;
  const settled: string[] = [];
  for (const post of scheduledPosts.listSending()) {
    const now = services.clocks.forAccount(post.accountId).now();
    services.db.transaction(() => {
      const posts = postRecords.listForScheduledPost(post.id);
      const statuses: ScheduledResultStatus[] = post.platforms.map((platform) => {
        const recorded = posts.find((p) => p.platform === platform);
        if (recorded) return recorded.status;
        if (post.notSent?.[platform] !== undefined) return 'not_sent';
        const at = new Date(post.sendingStartedAt ?? post.at);
        recordUnconfirmed(services, post, platform, at, new Error('the server stopped while sending'));
        return 'timeout';
      });
      scheduledPosts.setOutcome(post.id, scheduledOutcomeFromResults(statuses), now);
    })();
    settled.push(post.id);
  }
  return settled;
}
