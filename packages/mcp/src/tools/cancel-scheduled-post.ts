import { CancelResponseSchema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool } from './tool.js';

export const cancelScheduledPostTool = defineTool({
  name: 'service_cancel_scheduled_post',
  title: 'Cancel a scheduled post',
  description:
    'Cancels a scheduled post that has not gone out (including one queued for the next day). Cancelling twice is safe (already_cancelled). A post already sending or sent cannot be cancelled (not_cancellable), and a post already out cannot be deleted from the network. Confirm with the user first.',
  inputSchema: z.object({ scheduled_post_id: z.uuid() }),
  outputSchema: CancelResponseSchema.loose(),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (backend, input) => answerOf(async () => backend.cancelScheduledPost(input.scheduled_post_id)),
});
