import { type ApiError, apiError } from '@socialpub/core';
import type { UploadLinkRecord } from '../../db/upload-links-repo.js';

export type UploadLinkOperation = 'token' | 'complete' | 'cancel';

/**
 * The answer for a link that is no longer `uploading` (Errors, Upload links; States and transitions,
 * Media). Time ran out, or a ready file left the library: 410 upload_expired. Checks refused the
 * file: complete keeps answering 422 upload_rejected with the reason (the file is gone). Otherwise
 * the link is over: 409 upload_closed, except a file still being checked (409 upload_being_checked on
 * DELETE) and a whole file already received (409 upload_already_received for a token).
 */
export function refuseEnded(
  link: UploadLinkRecord,
  operation: UploadLinkOperation,
  leftLibrary: boolean,
): ApiError {
  const reason = link.endReason ?? '';
  if (leftLibrary || reason === 'expired' || reason === 'unused') {
    return apiError(
      'upload_expired',
      leftLibrary
        ? 'The file left the media library (kept 7 days); make a new upload link.'
        : 'The upload was not finished in time and its bytes were deleted; make a new upload link.',
    );
  }
  if (operation === 'complete' && reason.startsWith('rejected:')) {
    const why = reason.slice('rejected:'.length);
    // What the file was not, in words, when the checks kept it (migration 024).
    const said = link.endDetail ? `${link.endDetail} The file was deleted.` : null;
    return apiError(
      'upload_rejected',
      said ?? `The arrived file differs from the announced one (${why}) and was deleted.`,
      {
        extra: { reason: why },
      },
    );
  }
  if (operation === 'complete' && reason === 'unverifiable') {
    return apiError('upload_failed', 'The file could not be checked within 24 hours and was deleted.', {
      extra: { reason: 'unverifiable' },
    });
  }
  if (link.state === 'verifying') {
    return operation === 'cancel'
      ? apiError('upload_being_checked', 'The file is being checked and cannot be cancelled now.')
      : apiError('upload_already_received', 'The whole file arrived and is being checked: call complete.', {
          extra: { file_id: link.fileId },
        });
  }
  if (link.state === 'ready') {
    return operation === 'token'
      ? apiError('upload_already_received', 'The file is ready: no token is needed.', {
          extra: { file_id: link.fileId },
        })
      : apiError('upload_closed', 'The file is ready; delete it in the media library.');
  }
  return apiError(
    'upload_closed',
    link.state === 'cancelled'
      ? 'The upload was cancelled; make a new upload link.'
      : 'The upload is closed; make a new upload link.',
  );
}
