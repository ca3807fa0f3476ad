import { apiError, type MediaStatus, type MediaStatusResponse } from '@socialpub/core';
import type { LibraryFileRecord } from '../../db/media-imports-repo.js';
import type { Repositories } from '../../db/repositories.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{base_url}/files/{file_id}/{file_name}` (reference-server.md, Addresses). */
export function publicFileUrl(baseUrl: string, file: { fileId: string; fileName: string }): string {
  return `${baseUrl}/files/${file.fileId}/${encodeURIComponent(file.fileName)}`;
}

/**
 * GET /media?file_id= answer: `success` only when ready; `public_url` only once ready (never
 * before an upload is ready); `progress` and `bytes_uploaded` when the size is known.
 */
export function mediaStatusView(file: LibraryFileRecord, baseUrl: string): MediaStatusResponse {
  const ready = file.status === 'ready';
  const view: MediaStatusResponse = {
    success: ready,
    file_id: file.fileId,
    status: file.status as MediaStatus,
    size: file.size,
    type: file.type,
    error: file.error,
  };
  if (ready) view.public_url = publicFileUrl(baseUrl, file);
  if (file.size > 0) {
    const bytes = ready ? file.size : Math.min(file.bytesUploaded ?? 0, file.size);
    view.bytes_uploaded = bytes;
    view.progress = ready ? 100 : Math.min(99, Math.floor((bytes * 100) / file.size));
  }
  return view;
}

/**
 * The status of an import or upload of the account. 400 `invalid_file_id` when missing or not a
 * UUID; a file that left the library answers 404 `media_not_found`, or 410 `upload_expired` when
 * it came through an upload link ("States and transitions: Media", last paragraph).
 */
export function readMediaStatus(
  repos: Repositories,
  accountId: string,
  rawFileId: string | undefined,
  baseUrl: string,
): MediaStatusResponse {
  const fileId = rawFileId?.trim() ?? '';
  if (!UUID.test(fileId)) {
    throw apiError('invalid_file_id', '`file_id` is missing or not a UUID; send the file_id of the import.');
  }
  const file = repos.mediaImports.getForAccount(accountId, fileId.toLowerCase());
  if (file) return mediaStatusView(file, baseUrl);
  const removed = repos.mediaImports.getRemoved(accountId, fileId.toLowerCase());
  if (removed?.source === 'upload_link') {
    throw apiError('upload_expired', 'The file left the library (kept 7 days); make a new upload link.', {
      status: 410,
    });
  }
  throw apiError(
    'media_not_found',
    'No such file on this account (never imported, deleted or removed after 7 days).',
    {
      extra: { file_id: fileId },
    },
  );
}
