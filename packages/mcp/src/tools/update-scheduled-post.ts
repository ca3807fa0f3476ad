import { ScheduledForSchema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const updateScheduledPostTool = defineTool({
  name: 'service_update_scheduled_post',
  title: 'Change a waiting scheduled post',
  description:
    'Changes a scheduled post that is still waiting: its text, its media (mediaID), its time (scheduledFor) or its network options (the options block replaces the kept one). Every publishing check runs again on the changed post; the change applies at once and completely, or not at all. A post already sending, sent or cancelled cannot be changed (not_cancellable with its status): nothing is sent twice and nothing is lost.',
  inputSchema: z.object({
    scheduled_post_id: z.uuid(),
    text: z.string().max(100_000).optional(),
    mediaID: z.array(z.uuid()).max(35).optional(),
    scheduledFor: ScheduledForSchema.optional(),
    options: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("The network's option block, e.g. {privacyLevel: 'SELF_ONLY'} for tiktok."),
  }),
  annotations: { ...CHANGE_HINTS, idempotentHint: true },
  run: (backend, input) =>
    answerOf(async () => {
      if (!backend.updateScheduledPost) throw new Error('not available');
      const { scheduled_post_id, ...changes } = input;
      return (await backend.updateScheduledPost(scheduled_post_id, changes)).body;
    }),
});
