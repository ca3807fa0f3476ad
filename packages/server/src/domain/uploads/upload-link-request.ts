import {
  apiError,
  cleanFileName,
  LIMITS,
  mediaTypeFromFileName,
  type TokenRequest,
  TokenRequestSchema,
  type UploadLinkRequest,
  UploadLinkRequestSchema,
} from '@socialpub/core';
import type * as z from 'zod';

/** What a caller announced, after every field rule of POST /media/uploads. */
export interface UploadAnnouncement {
  fileName: string;
  size: number;
  sha256: string;
  type: string;
  kind: 'image' | 'video';
  request: UploadLinkRequest;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The body is not a valid upload-link request.';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return keys.includes('file_id')
      ? 'file_id cannot be sent on a new link: the service chooses it.'
      : `Unknown field ${keys}.`;
  }
  const field = issue.path.join('.') || 'body';
  return `${field}: ${issue.message}`;
}

/**
 * POST /media/uploads field rules: the strict schema (unknown fields, above all `file_id`, are
 * refused), then the file name cleaned (folders cut, at most 120 characters keeping the extension),
 * the extension deciding the type (415), and the size limit of that type (413).
 */
export function parseUploadAnnouncement(body: unknown): UploadAnnouncement {
  const parsed = UploadLinkRequestSchema.safeParse(body);
  if (!parsed.success) throw apiError('invalid_request', describeIssue(parsed.error));
  const request = parsed.data;
  const fileName = cleanFileName(request.file_name);
  const mediaType = mediaTypeFromFileName(fileName);
  if (!mediaType) {
    throw apiError(
      'unsupported_media_type',
      `${fileName} is not an accepted file: use .jpg .jpeg .png .webp .mp4 .m4v .mov or .webm.`,
    );
  }
  const max = mediaType.kind === 'video' ? LIMITS.uploadLink.maxVideoBytes : LIMITS.uploadLink.maxImageBytes;
  if (request.size_bytes > max) {
    throw apiError(
      'media_too_large',
      `size_bytes ${request.size_bytes} is over the ${mediaType.kind} limit of ${max} bytes.`,
      {
        extra: { size_bytes: request.size_bytes, max_bytes: max },
      },
    );
  }
  return {
    fileName,
    size: request.size_bytes,
    sha256: request.sha256.toLowerCase(),
    type: mediaType.mime,
    kind: mediaType.kind,
    request,
  };
}

/** POST .../token: the optional body for a new uploader command (strict like the link request). */
export function parseTokenRequest(body: unknown): TokenRequest {
  const parsed = TokenRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw apiError('invalid_request', describeIssue(parsed.error));
  return parsed.data;
}
