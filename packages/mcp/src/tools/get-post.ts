import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getPostTool = defineTool({
  name: 'service_get_post',
  title: 'Read one post or scheduled post',
  description:
    'Reads a post (status success, failed, processing or timeout, its link and figures) or a scheduled post (its due time, outcome and each network’s result) by id. done tells whether it can still change by itself; to wait, ask again every 30 seconds until done is true. Changes nothing.',
  inputSchema: z.object({ id: z.uuid().describe('A post id or a scheduled_post_id.') }),
  annotations: READ_HINTS,
  run: (backend, input) => answerOf(async () => (await backend.getPost(input.id)) as Record<string, unknown>),
});
