import { PLATFORMS, POST_STATUS_FILTERS } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listPostsTool = defineTool({
  name: 'service_list_posts',
  title: 'List posts and scheduled posts',
  description:
    'Lists posts and scheduled posts, newest first (future due times first), filtered by status, network, kind or profile. Follow next_cursor until it is null. Changes nothing.',
  inputSchema: z.object({
    status: z
      .array(z.enum(POST_STATUS_FILTERS))
      .min(1)
      .optional()
      .describe(
        'success, processing, timeout are posts; scheduled, cancelled are scheduled posts; failed is both.',
      ),
    platform: z.enum(PLATFORMS).optional(),
    kind: z.enum(['post', 'scheduled_post']).optional(),
    profile_id: z.uuid().optional(),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(2000).optional(),
  }),
  annotations: READ_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const page = await backend.listPosts({
        status: input.status?.join(','),
        platform: input.platform,
        kind: input.kind,
        profile_id: input.profile_id,
        limit: input.limit,
        cursor: input.cursor,
      });
      const { next_url: _address, ...rest } = page;
      return rest;
    }),
});
