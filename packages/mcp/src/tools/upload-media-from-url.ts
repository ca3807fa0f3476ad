import { LIMITS } from '@socialpub/core';
import * as z from 'zod';
import { IdempotencyKeySchema } from '../post-input.js';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { MediaImportOutput } from './output-schemas.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const uploadMediaFromUrlTool = defineTool({
  name: 'service_upload_media_from_url',
  title: 'Import from a URL',
  description:
    'Imports an image (20 MB) or video (5 GB) from the file’s public URL into the library: ready or processing. Counts toward the day’s upload budget.',
  inputSchema: z.object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(LIMITS.connector.urlMaxLength)
      .describe('The file’s own public http(s) URL.'),
    idempotencyKey: IdempotencyKeySchema,
  }),
  outputSchema: MediaImportOutput,
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const answer = await backend.importMedia(input.url, { idempotencyKey: input.idempotencyKey });
      return withoutAddresses(answer.body);
    }),
});
