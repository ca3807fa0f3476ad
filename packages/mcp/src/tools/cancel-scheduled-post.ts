import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { CancelOutput } from './output-schemas.js';
import { defineTool } from './tool.js';

export const cancelScheduledPostTool = defineTool({
  name: 'service_cancel_scheduled_post',
  title: 'Cancel a scheduled post',
  description:
    'Cancels a scheduled post that has not gone out. Twice is safe (already_cancelled); one sending or sent: not_cancellable. Confirm with the user first.',
  inputSchema: z.object({ scheduled_post_id: z.uuid().describe('The scheduled post.') }),
  outputSchema: CancelOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (backend, input) => answerOf(async () => backend.cancelScheduledPost(input.scheduled_post_id)),
});
