/**
 * Every error code the API document names (section "Errors" and the endpoint sections), plus the
 * few codes the reference server decided: media import answers the document gives only a message
 * for, the storage endpoint's TUS refusals, and the admin API's conflict. The catalog must hold an entry for each (`satisfies Record<ErrorCode, ...>`), so a
 * code added here and forgotten there fails to compile.
 */
export const ERROR_CODES = [
  // Answered by several tables (posts, reads, media import, upload links).
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'bad_request',
  'rate_limited',
  'server_error',
  'platform_error',
  'api_error',
  'media_not_found',
  'account_not_found',
  'post_not_found',
  'idempotency_key_invalid',
  'idempotency_in_progress',
  'idempotency_outcome_unknown',
  'idempotency_key_reused',
  'idempotency_unavailable',
  'plan_limit_reached',
  'import_budget_exhausted',
  'uploads_busy',
  // POST /posts: request refusals.
  'scheduled_for_invalid',
  'media_not_available',
  'video_size_unknown',
  'profile_name_ambiguous',
  'youtube_tags_too_long',
  'pinterest_board_required',
  'media_wrong_for_post_type',
  'options_outside_post',
  'plan_required',
  'media_processing',
  'scheduled_queue_full',
  'not_cancellable',
  'MEDIA_TOO_LARGE',
  'media_failed',
  // POST /posts: network refusals and sign-in codes.
  'no_publish_id',
  'no_container',
  'pinterest_rejected',
  'x_rejected',
  'skool_rejected',
  'category_required',
  'pinterest_sandbox_board',
  'reconnect_required',
  'RECONNECT_REQUIRED',
  'REFRESH_TOKEN_EXPIRED',
  'NO_TOKEN',
  'TOKEN_REFRESH_FAILED',
  'pinterest_auth_failed',
  'photo_format_not_supported',
  'photo_too_large_to_convert',
  'photo_conversion_failed',
  'photo_too_large_to_resize',
  'picture_size_check_failed',
  'photo_pull_failed',
  'upstream_unavailable',
  'upload_worker_failed',
  'skool_unavailable',
  'x_unavailable',
  // POST /posts: allowances and the service's own checks.
  'daily_attempts_exceeded',
  'monthly_limit_reached',
  'x_limit_reached',
  'x_link_limit_reached',
  'daily_limit_reached',
  'caller_check_unavailable',
  'schedule_check_unavailable',
  'dry_run_unavailable',
  'cancel_unconfirmed',
  // Media import: share links.
  'link_not_public',
  'link_is_folder',
  'link_not_found',
  'link_temporarily_blocked',
  'link_not_a_file',
  'link_not_supported',
  'share_links_paused',
  // Media import: codes decided by the reference server (the document gives only a message).
  'invalid_json',
  'invalid_url',
  'download_failed',
  'invalid_file_id',
  'file_too_large',
  'unsupported_type',
  'import_failed',
  // Upload links.
  'invalid_request',
  'account_being_deleted',
  'upload_already_received',
  'upload_closed',
  'upload_incomplete',
  'upload_being_checked',
  'upload_expired',
  'media_too_large',
  'unsupported_media_type',
  'upload_rejected',
  'upload_failed',
  'too_many_open_uploads',
  'renewals_exhausted',
  'upload_links_paused',
  // Decided by the reference server where the document names no code: the TUS storage endpoint
  // ("Own TUS client") and the admin API (reference-server.md).
  'upload_offset_mismatch',
  'upload_locked',
  'tus_version_unsupported',
  'conflict',
  'misdirected_request',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes of 2xx answers (POST /posts): outcomes, not errors. `schedule_unconfirmed` may have been
 * scheduled; `still_publishing` must not be resent ("When to send a request again", rule 1).
 */
export const ANSWER_CODES = [
  'scheduled',
  'queued_for_next_day',
  'still_publishing',
  'schedule_unconfirmed',
] as const;

export type AnswerCode = (typeof ANSWER_CODES)[number];
