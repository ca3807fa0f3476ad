import { figuresCollectionSource } from '../domain/posts/figures-collection.js';
import { pendingPostsSource } from '../domain/posts/finish-pending-post.js';
import type { Services } from '../services.js';
import { publishingScheduledSender } from './publishing-sender.js';
import { recoverInterruptedSends } from './recovery.js';
import type { ScheduledSender } from './scheduled-sender.js';
import { Scheduler } from './scheduler.js';

/**
 * Wires the records half of posting into the due-work runner: interrupted sends are settled first
 * (before anything can run), then scheduled posts, posts finishing after the answer and figure
 * collection become database-backed sources, so they survive restarts without re-registering.
 * Networks are sent to through the publishing area's send-time checks; `driverScheduledSender`
 * (straight to the driver) can be passed instead.
 */
export function startPostsArea(services: Services, sender?: ScheduledSender): Scheduler {
  recoverInterruptedSends(services);
  const scheduler = new Scheduler(services, sender ?? publishingScheduledSender(services));
  services.dueWork.addSource(scheduler);
  services.dueWork.addSource(pendingPostsSource(services));
  services.dueWork.addSource(figuresCollectionSource(services));
  return scheduler;
}
