import {
  type CancelUploadResponse,
  type CompleteResponse,
  LIMITS,
  type UploaderRunner,
  type UploaderShell,
  type UploadLink,
} from '@socialpub/core';
import type { UploadLinkRecord } from '../../db/upload-links-repo.js';
import type { ServerUrls } from '../../server-urls.js';
import { resumeBefore } from './link-times.js';
import { UPLOADER_PATH_PLACEHOLDER, uploaderBlock } from './uploader-command.js';

export interface UploaderChoice {
  shell?: UploaderShell | undefined;
  runner: UploaderRunner;
  max_run_seconds: number;
}

function storageUrlOf(urls: ServerUrls, fileId: string): string {
  return `${urls.storage}/storage/uploads/${fileId}`;
}

/** The upload link resource (201 new, 200 renewed, and the answer of POST .../token). */
export function uploadLinkAnswer(
  link: UploadLinkRecord,
  token: string,
  renewed: boolean,
  urls: ServerUrls,
  choice: UploaderChoice,
): UploadLink {
  const url = storageUrlOf(urls, link.fileId);
  const answer: UploadLink = {
    success: true,
    file_id: link.fileId,
    status: 'uploading',
    file_name: link.fileName,
    size: link.size,
    type: link.type,
    sha256: link.sha256,
    renewed,
    upload: {
      protocol: 'tus-1.0.0',
      url,
      token,
      chunk_size: LIMITS.uploadLink.chunkSizeBytes,
      token_expires_at: link.newestTokenExpiresAt,
      upload_expires_at: link.expiresAt,
      resume_before: resumeBefore(link),
    },
    next_step: choice.shell
      ? `Run uploader.command with ${UPLOADER_PATH_PLACEHOLDER} replaced by the file's full path, then POST /api/v2/media/uploads/${link.fileId}/complete.`
      : `Send the file to upload.url with a TUS 1.0.0 client (HEAD for Upload-Offset, PATCH pieces of chunk_size bytes, token in the x-signature header only), then POST /api/v2/media/uploads/${link.fileId}/complete.`,
  };
  if (choice.shell) {
    answer.uploader = uploaderBlock({
      shell: choice.shell,
      runner: choice.runner,
      maxRunSeconds: choice.max_run_seconds,
      baseUrl: urls.base,
      uploadUrl: url,
      token,
      sha256: link.sha256,
    });
  }
  return answer;
}

export function completeReadyAnswer(link: UploadLinkRecord): CompleteResponse {
  return {
    success: true,
    file_id: link.fileId,
    status: 'ready',
    file_name: link.fileName,
    size: link.size,
    type: link.type,
    sha256: link.sha256,
    message: `The file is ready: post it with content.mediaID ${link.fileId}.`,
  };
}

export function completeVerifyingAnswer(link: UploadLinkRecord): CompleteResponse {
  return {
    success: true,
    file_id: link.fileId,
    status: 'verifying',
    file_name: link.fileName,
    size: link.size,
    type: link.type,
    sha256: link.sha256,
    message:
      'The whole file arrived and is being checked; call complete again after Retry-After. Never upload it again.',
    retry_after_seconds: LIMITS.uploadLink.verificationRetryAfterSeconds,
  };
}

export function cancelledAnswer(link: UploadLinkRecord): CancelUploadResponse {
  return {
    success: true,
    file_id: link.fileId,
    status: 'cancelled',
    message:
      "The upload was cancelled and its bytes deleted; bytes that arrived still count in the day's budget.",
  };
}
