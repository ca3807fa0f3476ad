import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { PostOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getPostTool = defineTool({
  name: 'service_get_post',
  title: 'Read a post',
  description:
    'Reads a post or a scheduled post by id: status, link, figures or each network’s result. Until done is true it may change: ask every 30 s.',
  inputSchema: z.object({ id: z.uuid().describe('A post id or a scheduled_post_id.') }),
  outputSchema: PostOutput,
  annotations: READ_HINTS,
  run: (backend, input) => answerOf(async () => (await backend.getPost(input.id)) as Record<string, unknown>),
});
