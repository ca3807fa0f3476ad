import { createHash, randomUUID } from 'node:crypto';
import {
  apiError,
  cleanFileName,
  LIMITS,
  mediaTypeFromFileName,
  mimeMatchesExtension,
  SNIFF_BYTES,
  sniffMediaType,
} from '@socialpub/core';
import type { Clock } from '../clocks/virtual-clock.js';
import type { MediaFileRecord } from '../db/media-files-repo.js';
import type { Repositories } from '../db/repositories.js';
import type { MediaFolder } from '../files/media-folder.js';

/** Library item (GET /media/files), as the media library shows a file. */
export interface LibraryItemView {
  file_id: string;
  file_name: string;
  type: string;
  kind: 'image' | 'video';
  size: number;
  status: string;
  usable: boolean;
  source: MediaFileRecord['source'];
  uploaded_at: string;
  expires_at: string | null;
  confirm_before_posting: boolean;
  error: string | null;
}

export function libraryItemView(file: MediaFileRecord): LibraryItemView {
  return {
    file_id: file.fileId,
    file_name: file.fileName,
    type: file.type,
    kind: file.kind,
    size: file.size,
    status: file.status,
    usable: file.status === 'ready',
    source: file.source,
    uploaded_at: file.uploadedAt,
    expires_at: file.expiresAt,
    confirm_before_posting: file.confirmBeforePosting,
    error: file.error,
  };
}

export interface DashboardUpload {
  fileName: string;
  bytes: Uint8Array;
  confirmBeforePosting: boolean;
}

/**
 * A file put in the library through the dashboard (admin API stand-in). Dashboard uploads have no
 * daily budget (Limits, Upload links) but keep the upload size limits and the 7-day retention.
 */
export function addDashboardFile(
  repos: Repositories,
  clock: Clock,
  folder: MediaFolder,
  accountId: string,
  upload: DashboardUpload,
): MediaFileRecord {
  const fileName = cleanFileName(upload.fileName);
  const mediaType = mediaTypeFromFileName(fileName);
  if (!mediaType) {
    throw apiError('unsupported_media_type', 'Accepted files: .jpg .jpeg .png .webp .mp4 .m4v .mov .webm.');
  }
  if (upload.bytes.byteLength === 0) {
    throw apiError('bad_request', 'content_base64 holds no bytes.', {
      extra: { parameter: 'content_base64' },
    });
  }
  // The content must be what the name says, as upload links check before a file becomes ready.
  const sniffed = sniffMediaType(upload.bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed || !mimeMatchesExtension(sniffed.mime, fileName)) {
    throw apiError(
      'unsupported_media_type',
      `The content of ${fileName} is not a ${mediaType.mime} file${sniffed ? ` (it looks like ${sniffed.mime})` : ''}. Accepted: JPEG, PNG, WebP images and MP4, MOV, WebM videos whose name matches their content.`,
    );
  }
  const max = mediaType.kind === 'video' ? LIMITS.uploadLink.maxVideoBytes : LIMITS.uploadLink.maxImageBytes;
  if (upload.bytes.byteLength > max) {
    throw apiError('media_too_large', `The file is larger than ${max} bytes.`, {
      extra: { size_bytes: upload.bytes.byteLength, max_bytes: max },
    });
  }
  const now = clock.now();
  const fileId = randomUUID();
  const storagePath = folder.writeKeptFile(fileId, upload.bytes);
  const record: MediaFileRecord = {
    fileId,
    accountId,
    fileName,
    type: mediaType.mime,
    kind: mediaType.kind,
    size: upload.bytes.byteLength,
    status: 'ready',
    source: 'dashboard',
    uploadedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIMITS.retention.librarySeconds * 1000).toISOString(),
    confirmBeforePosting: upload.confirmBeforePosting,
    error: null,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    storagePath,
  };
  repos.mediaFiles.insert(record);
  return record;
}
