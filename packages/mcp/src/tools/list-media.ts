import { LIMITS } from '@socialpub/core';
import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { MediaPageOutput } from './output-schemas.js';
import { pageInput } from './page-input.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listMediaTool = defineTool({
  name: 'service_list_media',
  title: 'Search the media library',
  description:
    'Searches the media library, newest first, by name, type and upload time. Follow next_cursor until null.',
  inputSchema: z.object({
    name_contains: z
      .string()
      .min(1)
      .max(LIMITS.uploadLink.fileNameMaxLength)
      .optional()
      .describe('Words the file name must contain.'),
    type: z.enum(['image', 'video']).optional().describe('Only this type.'),
    uploaded_since: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Uploaded at or after (with a zone).'),
    ...pageInput('Files per page.'),
    include_unconfirmed: z.boolean().optional().describe('Also confirm_before_posting files.'),
  }),
  outputSchema: MediaPageOutput,
  annotations: READ_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const page = await backend.listMedia({
        name_contains: input.name_contains,
        type: input.type,
        since: input.uploaded_since,
        limit: input.limit,
        cursor: input.cursor,
        include_unconfirmed: input.include_unconfirmed,
      });
      return withoutAddresses(page) as unknown as Record<string, unknown>;
    }),
});
