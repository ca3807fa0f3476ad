import {
  isPostRecordDone,
  isScheduledPostDone,
  LIMITS,
  type PostRecord,
  type ScheduledPostRecord,
  type ScheduledResult,
  type ScheduledResultStatus,
  scheduledOutcomeFromResults,
  scheduledStatusForOutcome,
} from '@socialpub/core';
import type { StoredPostRecord } from '../../db/post-records-repo.js';
import type { StoredScheduledPost } from '../../db/scheduled-posts-repo.js';

const shortMessage = (message: string | null): string | null =>
  message === null ? null : message.slice(0, LIMITS.errorMessageMaxLength);

/**
 * A post record as GET /posts lists it. `done` is computed on read from core's rule (a timeout is
 * done once the network's window has passed), so no job has to flip it.
 */
export function postRecordView(post: StoredPostRecord, now: Date): PostRecord {
  return {
    id: post.id,
    kind: 'post',
    profile_id: post.profileId,
    platform: post.platform,
    status: post.status,
    done: isPostRecordDone(post.status, post.platform, new Date(post.at), now),
    media_type: post.mediaType,
    publish_id: post.publishId,
    permalink: post.permalink,
    error_message: shortMessage(post.errorMessage),
    at: post.at,
    updated_at: post.updatedAt,
    scheduled_post_id: post.scheduledPostId,
    notices: post.notices,
  };
}

/** Single read: `figures` is null unless the post succeeded ("Post record", Figures). */
export function postRecordWithFigures(post: StoredPostRecord, now: Date): PostRecord {
  return {
    ...postRecordView(post, now),
    figures: post.status === 'success' ? (post.figures ?? null) : null,
  };
}

/**
 * One entry per network once the scheduled post has gone out: the network post's status, `pending`
 * while it is being sent, or `not_sent` with the reason when it was refused before sending.
 */
function scheduledResults(
  scheduled: StoredScheduledPost,
  posts: readonly StoredPostRecord[],
  now: Date,
): ScheduledResult[] {
  const outcome = scheduled.outcome ?? 'waiting';
  if (outcome === 'waiting' || outcome === 'cancelled') return [];
  return scheduled.platforms.map((platform): ScheduledResult => {
    const post = posts.find((candidate) => candidate.platform === platform);
    if (post) {
      return {
        platform,
        post_id: post.id,
        status: post.status,
        done: isPostRecordDone(post.status, post.platform, new Date(post.at), now),
        publish_id: post.publishId,
        permalink: post.permalink,
        error_message: shortMessage(post.errorMessage),
        notices: post.notices,
      };
    }
    const reason = scheduled.notSent?.[platform] ?? (outcome === 'sending' ? null : scheduled.errorMessage);
    const pending = outcome === 'sending' && reason === null;
    return {
      platform,
      post_id: null,
      status: pending ? 'pending' : 'not_sent',
      ...(pending ? {} : { reason: reason ?? 'Not sent.' }),
      done: !pending,
      publish_id: null,
      permalink: null,
      error_message: pending ? null : shortMessage(reason ?? null),
      notices: [],
    };
  });
}

/**
 * A scheduled post record. Once anything went out, the outcome follows the networks' results (a
 * processing post may still finish), so it is recomputed on every read with core's rules.
 */
export function scheduledPostView(
  scheduled: StoredScheduledPost,
  posts: readonly StoredPostRecord[],
  now: Date,
  withResults: boolean,
): ScheduledPostRecord {
  const results = scheduledResults(scheduled, posts, now);
  const stored = scheduled.outcome ?? 'waiting';
  const outcome =
    results.length > 0
      ? scheduledOutcomeFromResults(results.map((r) => r.status as ScheduledResultStatus))
      : stored;
  const record: ScheduledPostRecord = {
    id: scheduled.id,
    kind: 'scheduled_post',
    profile_id: scheduled.profileId,
    platforms: scheduled.platforms,
    status: scheduledStatusForOutcome(outcome),
    outcome,
    done: isScheduledPostDone(
      outcome,
      results.map((r) => r.done),
    ),
    media_type: scheduled.mediaType,
    at: scheduled.at,
    scheduled_for: scheduled.scheduledFor,
    created_at: scheduled.createdAt,
    updated_at: scheduled.updatedAt ?? scheduled.createdAt,
    note: scheduled.note,
    error_message: shortMessage(scheduled.errorMessage ?? null),
  };
  return withResults ? { ...record, results } : record;
}
