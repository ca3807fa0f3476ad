import { LIMITS, LibraryItemSchema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listMediaTool = defineTool({
  name: 'service_list_media',
  title: 'Search the media library',
  description:
    'Searches the media library, newest first, by words in the file name, by type (image or video) and by upload time. Each file shows file_id, name, type, size, status and whether it can be posted now (usable). Follow next_cursor until it is null. Changes nothing.',
  inputSchema: z.object({
    name_contains: z
      .string()
      .min(1)
      .max(LIMITS.uploadLink.fileNameMaxLength)
      .optional()
      .describe('Every word must be in the file name; case and punctuation ignored.'),
    type: z.enum(['image', 'video']).optional(),
    uploaded_since: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Only files uploaded at or after this time (with a zone).'),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(2000).optional().describe('next_cursor of the previous page, exactly.'),
    include_unconfirmed: z.boolean().optional().describe('Also files marked confirm_before_posting.'),
  }),
  outputSchema: z.looseObject({
    data: z.array(LibraryItemSchema.loose()),
    next_cursor: z.string().nullable(),
  }),
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
