import { LIMITS, MaxRunSecondsSchema, Sha256Schema } from '@socialpub/core';
import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { UploadLinkOutput } from './output-schemas.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const createUploadLinkTool = defineTool({
  name: 'service_create_upload_link',
  title: 'Upload a local file',
  description:
    'For a file on the user’s computer: gives an uploader command for the user’s shell. The user runs it with the file’s full path; then call service_finish_upload.',
  inputSchema: z.object({
    file_name: z
      .string()
      .min(1)
      .max(LIMITS.connector.fileNameMaxLength)
      .describe('Its extension: jpg, jpeg, png, webp, mp4, m4v, mov or webm.'),
    size_bytes: z.number().int().min(1).max(LIMITS.uploadLink.maxVideoBytes).describe('Exact size.'),
    sha256: Sha256Schema.describe('Hex SHA-256 of the file.'),
    shell: z.enum(['sh', 'powershell']).default('sh').describe('The user’s shell.'),
    runner: z.enum(['native', 'node']).optional().describe('native (curl) or node.'),
    max_run_seconds: MaxRunSecondsSchema.optional().describe('Run time limit.'),
  }),
  outputSchema: UploadLinkOutput,
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const answer = await backend.createUploadLink(input);
      // The storage address and its token stay out of the answer; the uploader command carries them.
      const { upload: _upload, ...rest } = answer.body;
      // The REST answer's next step names a REST address; an app finishes with the tool instead.
      return withoutAddresses({
        ...rest,
        next_step: `Have the user run uploader.command with the file's full path in place of the placeholder; when it exits 0, call service_finish_upload with file_id ${String(rest['file_id'])}.`,
      });
    }),
});
