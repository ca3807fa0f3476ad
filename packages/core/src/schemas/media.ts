import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import {
  PageLimitSchema,
  QueryBooleanSchema,
  TimestampSchema,
  UuidSchema,
  WarningsSchema,
  ZonedDateTimeSchema,
} from './common.js';

export const MEDIA_STATUSES = ['processing', 'ready', 'failed', 'uploading', 'verifying'] as const;
export const MediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof MediaStatusSchema>;

/** Every field of "Media file"; which are present depends on the answer that returns it. */
export const MediaFileSchema = z
  .object({
    file_id: UuidSchema.meta({ description: 'Passed as `content.mediaID`.' }),
    success: z.boolean(),
    status: MediaStatusSchema,
    size: z.number().int().nonnegative().optional(),
    type: z.string().optional().meta({ description: 'MIME type, e.g. video/mp4.' }),
    progress: z.number().int().min(0).max(100).optional(),
    bytes_uploaded: z.number().int().nonnegative().optional(),
    public_url: z.string().optional(),
    error: z.string().nullable().optional(),
    file_name: z.string().optional(),
    sha256: z.string().optional(),
    message: z.string().optional(),
    retry_after_seconds: z.number().int().optional(),
  })
  .meta({ description: 'A media file of the library.' });
export type MediaFile = z.infer<typeof MediaFileSchema>;

/** POST /media body: only `url`; its http(s) check is the server's so it can answer the import family. */
export const MediaImportRequestSchema = z.looseObject({
  url: z.string().meta({ description: 'Public http or https URL of the file itself.' }),
});
export type MediaImportRequest = z.infer<typeof MediaImportRequestSchema>;

/** 200: finished within about 22 seconds (an earlier form omits `status`). */
export const MediaImportReadyResponseSchema = z.object({
  success: z.literal(true),
  file_id: UuidSchema,
  size: z.number().int(),
  type: z.string(),
  status: z.literal('ready').optional(),
});
export type MediaImportReadyResponse = z.infer<typeof MediaImportReadyResponseSchema>;

/** 202: the import continues in the background. */
export const MediaImportProcessingResponseSchema = z.object({
  success: z.literal(true),
  file_id: UuidSchema,
  status: z.literal('processing'),
  message: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type MediaImportProcessingResponse = z.infer<typeof MediaImportProcessingResponseSchema>;

export const MediaImportResponseSchema = z.union([
  MediaImportReadyResponseSchema,
  MediaImportProcessingResponseSchema,
]);
export type MediaImportResponse = z.infer<typeof MediaImportResponseSchema>;

/** GET /media?file_id=: `file_id` is checked by the server (400 when missing or not a UUID). */
export const MediaStatusQuerySchema = z.looseObject({
  file_id: z.string().optional().meta({ description: 'UUID of the import or upload.' }),
});
export type MediaStatusQuery = z.infer<typeof MediaStatusQuerySchema>;

export const MediaStatusResponseSchema = z.object({
  success: z.boolean().meta({ description: 'True only when `status` is `ready`.' }),
  file_id: UuidSchema,
  status: MediaStatusSchema,
  size: z.number().int().nullable().optional(),
  type: z.string().nullable().optional(),
  public_url: z.string().optional(),
  error: z.string().nullable().optional(),
  bytes_uploaded: z.number().int().optional(),
  progress: z.number().int().min(0).max(100).optional(),
});
export type MediaStatusResponse = z.infer<typeof MediaStatusResponseSchema>;

export const LibraryItemSchema = z
  .object({
    file_id: UuidSchema,
    file_name: z.string().max(LIMITS.uploadLink.fileNameMaxLength),
    type: z.string(),
    kind: z.enum(['image', 'video']),
    size: z.number().int(),
    status: z.enum(['ready', 'processing', 'verifying', 'failed']),
    usable: z.boolean().meta({ description: 'Can be posted now.' }),
    source: z.enum(['dashboard', 'url_import', 'upload_link']),
    uploaded_at: TimestampSchema,
    expires_at: TimestampSchema,
    confirm_before_posting: z.boolean(),
    error: z.string().nullable(),
  })
  .meta({ description: 'A file of the media library.' });
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

/** Query of GET /media/files. Unknown parameters pass through so they can be named in warnings. */
export const LibraryListQuerySchema = z.looseObject({
  name_contains: z.string().min(1).max(LIMITS.pages.libraryNameContainsMaxLength).optional(),
  type: z.enum(['image', 'video']).optional(),
  since: ZonedDateTimeSchema.optional().meta({
    description: 'Date-time with time zone; read 2 minutes earlier.',
  }),
  limit: PageLimitSchema,
  cursor: z.string().optional(),
  include_unconfirmed: QueryBooleanSchema.default(false),
});
export type LibraryListQuery = z.infer<typeof LibraryListQuerySchema>;
export const LIBRARY_LIST_PARAMETERS = [
  'name_contains',
  'type',
  'since',
  'limit',
  'cursor',
  'include_unconfirmed',
] as const;

export const LibraryPageSchema = z.object({
  data: z.array(LibraryItemSchema),
  next_cursor: z.string().nullable(),
  next_url: z.string().nullable(),
  now: TimestampSchema,
  warnings: WarningsSchema.optional(),
});
export type LibraryPage = z.infer<typeof LibraryPageSchema>;
