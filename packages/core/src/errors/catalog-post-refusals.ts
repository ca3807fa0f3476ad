import { LIMITS } from '../limits/limits.js';
import { type ErrorCatalogPart, STANDARD } from './catalog-entry.js';
import { afterRetryAfter, NEVER } from './retry-rule.js';

/** POST /posts refusals the service itself makes ("Errors, POST /posts", 400 to 422). */
export const POST_REFUSAL_ERRORS = {
  scheduled_for_invalid: {
    statuses: [400],
    families: STANDARD,
    summary: 'scheduledFor has no time zone, is unreadable or is over 365 days ahead (error.reason).',
    retry: NEVER,
    extraFields: ['reason'],
  },
  media_not_available: {
    statuses: [400],
    families: STANDARD,
    summary: 'A mediaUrls address (or instagram.coverUrl) already answers not found; fix the address.',
    retry: NEVER,
    extraFields: [],
  },
  video_size_unknown: {
    statuses: [400],
    families: STANDARD,
    summary: 'The host of a tiktok video does not say its size; import the file and send its mediaID.',
    retry: NEVER,
    extraFields: [],
  },
  profile_name_ambiguous: {
    statuses: [400],
    families: STANDARD,
    summary: 'Two profiles differ only by case; send the exact name or the profile UUID.',
    retry: NEVER,
    extraFields: [],
  },
  youtube_tags_too_long: {
    statuses: [400],
    families: STANDARD,
    summary: 'youtube.tags exceed 500 characters as YouTube counts them; remove the tags named.',
    retry: NEVER,
    extraFields: ['tags_length', 'max_tags_length', 'remove_tags'],
  },
  pinterest_board_required: {
    statuses: [400],
    families: STANDARD,
    summary: 'A pinterest post needs pinterest.boardId; send one of the boards from the options read.',
    retry: NEVER,
    extraFields: [],
  },
  media_wrong_for_post_type: {
    statuses: [400],
    families: STANDARD,
    summary: 'The instagram or facebook post type cannot be made from these files; change type or files.',
    retry: NEVER,
    extraFields: [],
  },
  options_outside_post: {
    statuses: [400],
    families: STANDARD,
    summary: 'A network options block was sent next to `post`; move it inside `post`.',
    retry: NEVER,
    extraFields: [],
  },
  plan_required: {
    statuses: [403],
    families: STANDARD,
    summary: 'The network needs a plan or add-on the account lacks (skool: Beginner, x: X add-on).',
    retry: NEVER,
    extraFields: ['required', 'platform', 'plan', 'upgrade_url'],
  },
  media_processing: {
    statuses: [409],
    families: STANDARD,
    summary: 'A mediaID is still importing; nothing published; wait Retry-After (30) and resend.',
    retry: afterRetryAfter(LIMITS.mediaIdWait.mediaProcessingRetryAfterSeconds),
    extraFields: ['file_id', 'progress', 'retry_after_seconds'],
  },
  scheduled_queue_full: {
    statuses: [409],
    families: STANDARD,
    summary: 'The account already has 500 waiting scheduled posts; cancel some or wait for them to go out.',
    retry: NEVER,
    extraFields: [],
  },
  not_cancellable: {
    statuses: [409],
    families: STANDARD,
    summary:
      'The scheduled post is already sending, published or failed (error.status); it cannot be cancelled.',
    retry: NEVER,
    extraFields: ['status'],
  },
  MEDIA_TOO_LARGE: {
    statuses: [413],
    families: STANDARD,
    summary: 'A file is over the network’s size limit (see limits_url); send a smaller file.',
    retry: NEVER,
    extraFields: ['platform', 'size_bytes', 'limits_url', 'max_video_bytes', 'max_image_bytes'],
  },
  media_failed: {
    statuses: [422],
    families: STANDARD,
    summary: 'The import of a mediaID failed; import the file again and post the new file_id.',
    retry: NEVER,
    extraFields: ['file_id'],
  },
  photo_format_not_supported: {
    statuses: [422],
    families: STANDARD,
    summary: 'A tiktok photo cannot be sent as JPEG (HEIC, AVIF, BMP, TIFF); send a JPEG.',
    retry: NEVER,
    extraFields: ['photo'],
  },
  photo_too_large_to_convert: {
    statuses: [422],
    families: STANDARD,
    summary: 'A tiktok photo is over 6,000,000 pixels and cannot be converted; send a smaller JPEG.',
    retry: NEVER,
    extraFields: ['photo'],
  },
  photo_conversion_failed: {
    statuses: [422],
    families: STANDARD,
    summary: 'A tiktok photo could not be converted to JPEG (damaged); send a valid JPEG.',
    retry: NEVER,
    extraFields: ['photo'],
  },
  photo_too_large_to_resize: {
    statuses: [422],
    families: STANDARD,
    summary:
      'A tiktok photo above 1080 x 1920 cannot be made smaller (error.photo); send it at most that size.',
    retry: NEVER,
    extraFields: ['photo'],
  },
} satisfies ErrorCatalogPart;
