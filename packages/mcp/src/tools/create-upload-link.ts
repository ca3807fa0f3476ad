import { LIMITS, MaxRunSecondsSchema, Sha256Schema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const createUploadLinkTool = defineTool({
  name: 'service_create_upload_link',
  title: 'Make a one-time upload link for a local file',
  description:
    'For a file on the user’s computer (paid plans): announce its exact name, size and SHA-256, and get an uploader command for the user’s shell (sh by default, or powershell) that sends the file straight to storage. The user runs the command with the file’s full path in place of the placeholder; then call service_finish_upload with the file_id. The size counts toward the day’s upload budget.',
  inputSchema: z.object({
    file_name: z
      .string()
      .min(1)
      .max(1000)
      .describe('The extension decides the type: .jpg .jpeg .png .webp .mp4 .m4v .mov .webm.'),
    size_bytes: z.number().int().min(1).max(LIMITS.uploadLink.maxVideoBytes),
    sha256: Sha256Schema,
    shell: z.enum(['sh', 'powershell']).default('sh'),
    runner: z.enum(['native', 'node']).optional(),
    max_run_seconds: MaxRunSecondsSchema.optional(),
  }),
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
