import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import {
  DEFAULT_UPLOADER_RUNNER,
  UploaderRunnerSchema,
  UploaderShellSchema,
} from '../uploader/uploader-options.js';
import { TimestampSchema, UuidSchema } from './common.js';

/** 64 hex characters, either case ("POST /media/uploads"). */
export const Sha256Schema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hex characters');

/** A run ends within `max_run_seconds` plus 10 seconds; 30 to 7000, default 100. */
const { maxRunSeconds } = LIMITS.uploader;
export const MaxRunSecondsSchema = z.number().int().min(maxRunSeconds.min).max(maxRunSeconds.max);

/**
 * POST /media/uploads body. `.strict()` so an unknown field, above all `file_id` on a new link, is
 * refused 400 `invalid_request` by the parse itself (the issue has code `unrecognized_keys`).
 */
export const UploadLinkRequestSchema = z
  .object({
    file_name: z.string().min(1).meta({ description: 'The extension decides the type.' }),
    size_bytes: z.number().int().positive().meta({ description: 'Exact size in bytes.' }),
    sha256: Sha256Schema,
    shell: UploaderShellSchema.optional(),
    runner: UploaderRunnerSchema.default(DEFAULT_UPLOADER_RUNNER),
    max_run_seconds: MaxRunSecondsSchema.default(maxRunSeconds.default),
  })
  .strict();
export type UploadLinkRequest = z.infer<typeof UploadLinkRequestSchema>;

/** POST .../token: optional body for a new uploader command. Strict like the link request. */
export const TokenRequestSchema = z
  .object({
    shell: UploaderShellSchema.optional(),
    runner: UploaderRunnerSchema.default(DEFAULT_UPLOADER_RUNNER),
    max_run_seconds: MaxRunSecondsSchema.default(maxRunSeconds.default),
  })
  .strict();
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const UploadObjectSchema = z
  .object({
    protocol: z.literal('tus-1.0.0'),
    url: z.string().meta({ description: 'Resumable upload address on the storage host.' }),
    token: z.string().meta({ description: 'Sent in the `x-signature` header only; valid about 2 hours.' }),
    chunk_size: z.number().int().positive(),
    token_expires_at: TimestampSchema,
    upload_expires_at: TimestampSchema,
    resume_before: TimestampSchema,
  })
  .meta({ description: 'Where and how to send the bytes (TUS 1.0.0).' });
export type UploadObject = z.infer<typeof UploadObjectSchema>;

export const UploaderBlockSchema = z
  .object({
    shell: UploaderShellSchema,
    runner: UploaderRunnerSchema,
    version: z.string(),
    download_url: z.string(),
    sha256: z.string(),
    max_run_seconds: z.number().int(),
    command: z.string().meta({ description: 'Run as is with the path placeholder replaced.' }),
  })
  .meta({ description: 'The uploader command, present when `shell` was sent.' });
export type UploaderBlock = z.infer<typeof UploaderBlockSchema>;

export const UploadLinkSchema = z
  .object({
    success: z.literal(true),
    file_id: UuidSchema,
    status: z.literal('uploading'),
    file_name: z.string(),
    size: z.number().int(),
    type: z.string(),
    sha256: z.string(),
    renewed: z.boolean().meta({ description: 'True when the open link of the same file was found again.' }),
    upload: UploadObjectSchema,
    next_step: z.string(),
    uploader: UploaderBlockSchema.optional(),
  })
  .meta({ description: 'An upload link (201 new, 200 renewed).' });
export type UploadLink = z.infer<typeof UploadLinkSchema>;

/**
 * POST .../token answer. The document shows only "a fresh token and, when `shell` is sent, the
 * uploader block"; the reference server answers the whole link with the fresh `upload` object so
 * clients read one shape (decision: same fields as UploadLinkSchema).
 */
export const TokenResponseSchema = UploadLinkSchema;
export type TokenResponse = UploadLink;

const completeFields = {
  success: z.boolean(),
  file_id: UuidSchema,
  file_name: z.string(),
  size: z.number().int(),
  type: z.string(),
  sha256: z.string(),
  message: z.string(),
};

export const CompleteReadyResponseSchema = z.object({ ...completeFields, status: z.literal('ready') });
export const CompleteVerifyingResponseSchema = z.object({
  ...completeFields,
  status: z.literal('verifying'),
  retry_after_seconds: z.number().int(),
});
/** 200 ready, or 202 verifying with `retry_after_seconds: 15` ("POST .../complete"). */
export const CompleteResponseSchema = z.discriminatedUnion('status', [
  CompleteReadyResponseSchema,
  CompleteVerifyingResponseSchema,
]);
export type CompleteResponse = z.infer<typeof CompleteResponseSchema>;

/** DELETE /media/uploads/{file_id}: fields beyond the status are the reference server's choice. */
export const CancelUploadResponseSchema = z.object({
  success: z.boolean(),
  file_id: UuidSchema,
  status: z.literal('cancelled'),
  message: z.string(),
});
export type CancelUploadResponse = z.infer<typeof CancelUploadResponseSchema>;
