import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getUsageTool = defineTool({
  name: 'service_get_usage',
  title: 'Show allowance and usage',
  description:
    'Shows what the limits read now: the plan, the post allowance used this month or today per profile, publish attempts against their daily ceiling, the X add-on allowance (posts and posts with links, and when it resets), the day’s upload budget, and how many scheduled posts are waiting. Use it before posting to see whether a post would go out now or be queued for the next day. Changes nothing.',
  inputSchema: z.object({}),
  annotations: READ_HINTS,
  run: (backend) =>
    answerOf(async () => {
      if (!backend.getUsage) throw new Error('not available');
      return backend.getUsage();
    }),
});
