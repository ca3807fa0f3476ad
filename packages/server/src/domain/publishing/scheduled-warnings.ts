import { LIMITS } from '@socialpub/core';
import { type PublishContext, required, warn } from './publish-context.js';

const HOUR_MS = 3_600_000;

/** Others of the account's posts to the network (sent or waiting) within `ms` of `at`. */
function neighbours(ctx: PublishContext, at: Date, ms: number): number {
  const platform = required(ctx.platform, 'platform');
  const from = new Date(at.getTime() - ms);
  const to = new Date(at.getTime() + ms);
  const { store } = ctx.deps;
  return (
    store.waitingDueTimes(ctx.account.id, platform, from, to).length +
    store.sendTimesBetween(ctx.account.id, platform, from, to).length
  );
}

/**
 * Scheduled answers may add media_url_not_kept, posts_close_together, skool_one_post_per_hour
 * (and caption_over_limit from the text check). `media_not_available` (rule 6) is refused by the
 * media steps, which ask the addresses.
 */
export function addScheduledWarnings(ctx: PublishContext): void {
  if (ctx.delivery.kind !== 'schedule') return;
  const at = ctx.delivery.at;
  if (ctx.mediaUrls.length > 0) {
    warn(ctx, 'media_url_not_kept', 'mediaUrls are fetched when the post goes out; no copy is kept.', {
      field: 'content.mediaUrls',
    });
  }
  // Rule 6: "A reel's instagram.coverUrl behaves the same".
  if (
    ctx.platform === 'instagram' &&
    ctx.postType === 'reel' &&
    typeof ctx.options['coverUrl'] === 'string'
  ) {
    warn(
      ctx,
      'media_url_not_kept',
      'instagram.coverUrl is fetched when the post goes out; no copy is kept.',
      {
        field: 'instagram.coverUrl',
      },
    );
  }
  const spacingMs = LIMITS.throttle.postSpacingSecondsPerNetwork * 1000;
  if (neighbours(ctx, at, spacingMs) > 0) {
    warn(
      ctx,
      'posts_close_together',
      `Another post of this account to ${ctx.platform} is due within ${LIMITS.throttle.postSpacingSecondsPerNetwork} seconds; leave at least a minute.`,
    );
  }
  if (ctx.platform === 'skool' && neighbours(ctx, at, HOUR_MS) > 0) {
    warn(
      ctx,
      'skool_one_post_per_hour',
      'skool takes one post per hour per account; this one may be refused.',
    );
  }
}
