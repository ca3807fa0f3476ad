import { LIMITS } from '../limits/limits.js';
import { type ErrorCatalogPart, MEDIA_IMPORT, UPLOAD_LINK } from './catalog-entry.js';
import { afterRetryAfter, NEVER } from './retry-rule.js';

/**
 * Upload links ("Errors, Upload links"). Every body carries `next_step` and `retry`; `retry` is
 * `after_reset` where the same request may succeed once a wait or window passes, else `never`.
 */
export const UPLOAD_LINK_ERRORS = {
  invalid_request: {
    statuses: [400],
    families: UPLOAD_LINK,
    summary: 'A field is bad or missing, file_id was sent on a new link, or the path id is not a UUID.',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Fix the field the message names and send the request again.',
    uploadLinkRetry: 'never',
  },
  account_being_deleted: {
    statuses: [403],
    families: UPLOAD_LINK,
    summary: 'The account is being deleted; no upload links can be made.',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Stop: the account is being deleted.',
    uploadLinkRetry: 'never',
  },
  upload_already_received: {
    statuses: [409],
    families: UPLOAD_LINK,
    summary: 'The whole file already arrived (error.file_id); call complete instead.',
    retry: NEVER,
    extraFields: ['file_id'],
    nextStep: 'Call POST /media/uploads/{file_id}/complete.',
    uploadLinkRetry: 'never',
  },
  upload_closed: {
    // 409 at the upload-link addresses; the storage endpoint answers bytes for a cancelled or
    // closed upload with 410 Gone, as TUS does for an upload that no longer takes bytes.
    statuses: [409, 410],
    families: UPLOAD_LINK,
    summary:
      'The upload was cancelled or is ready or closed (storage: 410); make a new link (delete ready files in the library).',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Make a new upload link; a ready file is deleted in the media library.',
    uploadLinkRetry: 'never',
  },
  upload_incomplete: {
    statuses: [409],
    families: UPLOAD_LINK,
    summary: 'Storage lacks part of the file; run the uploader again, then complete.',
    retry: NEVER,
    extraFields: [],
    nextStep:
      'Run the uploader again, then call complete; if this repeats right after exit 0, cancel and make a new link.',
    uploadLinkRetry: 'never',
  },
  upload_being_checked: {
    statuses: [409],
    families: UPLOAD_LINK,
    summary: 'The file is being checked and cannot be cancelled now; wait Retry-After (60).',
    retry: afterRetryAfter(LIMITS.uploadLink.beingCheckedRetryAfterSeconds),
    extraFields: ['retry_after_seconds'],
    nextStep: 'Wait Retry-After (60 seconds); the check decides whether the file becomes ready.',
    uploadLinkRetry: 'after_reset',
  },
  upload_expired: {
    statuses: [410],
    // GET /media answers it too when an upload-link file left the library ("Media" states).
    families: [...UPLOAD_LINK, ...MEDIA_IMPORT],
    summary: 'The upload was not finished in time, or the ready file left the library; make a new link.',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Make a new upload link and send the file again.',
    uploadLinkRetry: 'never',
  },
  media_too_large: {
    statuses: [413],
    families: UPLOAD_LINK,
    summary: 'size_bytes is over the limit (videos 5,368,709,120, images 20,971,520 bytes).',
    retry: NEVER,
    extraFields: ['size_bytes', 'max_bytes'],
    nextStep: 'Send a smaller file.',
    uploadLinkRetry: 'never',
  },
  unsupported_media_type: {
    statuses: [415],
    families: UPLOAD_LINK,
    summary: 'The file name’s extension is not accepted (.jpg .jpeg .png .webp .mp4 .m4v .mov .webm).',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Convert the file to an accepted type and name it with its extension.',
    uploadLinkRetry: 'never',
  },
  upload_rejected: {
    statuses: [422],
    families: UPLOAD_LINK,
    summary: 'The arrived file differs from the announced one (error.reason) and was deleted.',
    retry: NEVER,
    extraFields: ['reason'],
    nextStep: 'Measure the size and SHA-256 again and make a new upload link.',
    uploadLinkRetry: 'never',
  },
  upload_failed: {
    statuses: [422],
    families: UPLOAD_LINK,
    summary: 'The file could not be checked within 24 hours (reason unverifiable) and was deleted.',
    retry: NEVER,
    extraFields: ['reason'],
    nextStep: 'Make a new upload link and send the file again.',
    uploadLinkRetry: 'never',
  },
  too_many_open_uploads: {
    statuses: [429],
    families: UPLOAD_LINK,
    summary: 'The account has 10 open uploads (error.open, error.limit); finish or cancel one, or wait.',
    retry: afterRetryAfter(LIMITS.uploadLink.tooManyOpenRetryAfterSeconds),
    extraFields: ['open', 'limit', 'retry_after_seconds'],
    nextStep: 'Complete or cancel an open upload, or wait Retry-After (60 seconds).',
    uploadLinkRetry: 'after_reset',
  },
  renewals_exhausted: {
    statuses: [429],
    families: UPLOAD_LINK,
    summary: 'The link used its 12 tokens or is older than 24 hours; make a new link.',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Cancel this upload and make a new upload link.',
    uploadLinkRetry: 'never',
  },
  upload_links_paused: {
    statuses: [503],
    families: UPLOAD_LINK,
    summary: 'Upload links are paused for maintenance (Retry-After 600) or switched off for the account.',
    retry: afterRetryAfter(LIMITS.uploadLink.pausedRetryAfterSeconds),
    extraFields: ['retry_after_seconds'],
    nextStep: 'Wait Retry-After (600 seconds); a file already sent is kept, call complete then.',
    uploadLinkRetry: 'after_reset',
  },
} satisfies ErrorCatalogPart;
