import { PLATFORMS, POST_STATUS_FILTERS } from '@socialpub/core';
import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { PostsPageOutput } from './output-schemas.js';
import { pageInput } from './page-input.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listPostsTool = defineTool({
  name: 'service_list_posts',
  title: 'List posts',
  description:
    'Lists posts and scheduled posts, newest first, by status, network, kind or profile. Follow next_cursor until null.',
  inputSchema: z.object({
    status: z
      .array(z.enum(POST_STATUS_FILTERS))
      .min(1)
      .optional()
      .describe('Posts: success, processing, timeout; scheduled posts: scheduled, cancelled; both: failed.'),
    platform: z.enum(PLATFORMS).optional().describe('Only this network.'),
    kind: z.enum(['post', 'scheduled_post']).optional().describe('Only this kind.'),
    profile_id: z.uuid().optional().describe('Only this profile.'),
    ...pageInput('Items per page.'),
  }),
  outputSchema: PostsPageOutput,
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
