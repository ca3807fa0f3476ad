import { z } from 'zod';
import { IdempotencyKeySchema } from '../post-input.js';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const uploadMediaFromUrlTool = defineTool({
  name: 'service_upload_media_from_url',
  title: 'Import a file from a public URL',
  description:
    'Imports an image (JPEG, PNG, WebP, up to 20 MB) or video (MP4, MOV, WebM, up to 5 GB) from a public http(s) URL of the file itself into the media library and answers its file_id: ready at once, or processing (check with service_get_media_status). The file counts toward the day’s upload budget (import_budget_exhausted when it does not fit). Post it with content.mediaID.',
  inputSchema: z.object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .describe('Public address of the file itself, not a web page.'),
    idempotencyKey: IdempotencyKeySchema,
  }),
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const answer = await backend.importMedia(input.url, { idempotencyKey: input.idempotencyKey });
      return withoutAddresses(answer.body);
    }),
});
