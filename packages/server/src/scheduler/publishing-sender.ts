import type { Platform } from '@socialpub/core';
import type { StoredScheduledPost } from '../db/scheduled-posts-repo.js';
import type { ScheduledSendResult as PublishingSendResult } from '../domain/publishing/send-scheduled.js';
import { SendTimeBatch } from '../domain/publishing/send-time-batch.js';
import type { Services } from '../services.js';
import type { ScheduledSender, ScheduledSendResult } from './scheduled-sender.js';

/**
 * The scheduler's send through the publishing area (`PublishingService.sendScheduled`): its
 * send-time checks (connection, plan gate, kept files, X add-on, attempts, allowance), then the
 * network, recording the post record with `scheduled_post_id`. A scheduled post naming several
 * networks is sent one network at a time with the same kept request.
 */
export function publishingScheduledSender(services: Services): ScheduledSender {
  const publishing = services.publishing;
  return {
    async send({ scheduledPost, platform }): Promise<ScheduledSendResult> {
      return senderResult(await publishing.sendScheduled(forNetwork(scheduledPost, platform)));
    },
    sendNow({ scheduledPost, platform }, batch): ScheduledSendResult | null {
      const result = publishing.sendScheduledNow(
        forNetwork(scheduledPost, platform),
        batch instanceof SendTimeBatch ? batch : null,
      );
      return result === null ? null : senderResult(result);
    },
    beginBatch: () => publishing.sendTimeBatch(),
    lookUp({ scheduledPost, platform }): void {
      publishing.lookUpScheduled(forNetwork(scheduledPost, platform));
    },
  };
}

/** The scheduled post with its kept request naming one network (a copy only when it names another). */
function forNetwork(scheduledPost: StoredScheduledPost, platform: Platform): StoredScheduledPost {
  if (scheduledPost.request['platform'] === platform) return scheduledPost;
  return { ...scheduledPost, request: { ...scheduledPost.request, platform } };
}

function senderResult(result: PublishingSendResult): ScheduledSendResult {
  switch (result.kind) {
    case 'sent':
      return { kind: 'sent', postId: result.sent.postId };
    case 'moved':
      return { kind: 'moved', at: result.at, note: result.note };
    case 'not_sent':
      if (result.code === 'monthly_limit_reached') return { kind: 'over_month', message: result.message };
      return { kind: 'not_sent', reason: `${result.code}: ${result.message}` };
  }
}
