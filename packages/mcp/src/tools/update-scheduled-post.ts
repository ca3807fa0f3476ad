import { LIMITS } from '@socialpub/core';
import * as z from 'zod';
import { OptionsChangeSchema } from '../option-blocks.js';
import { ConnectorScheduledForSchema } from '../post-input.js';
import { answerOf } from '../tool-result.js';
import { ScheduledPostOutput } from './output-schemas.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const updateScheduledPostTool = defineTool({
  name: 'service_update_scheduled_post',
  title: 'Change a scheduled post',
  description:
    'Changes a waiting scheduled post (text, media, time or options); every check runs again, all or nothing. Sending, sent or cancelled: not_cancellable.',
  inputSchema: z.object({
    scheduled_post_id: z.uuid().describe('The scheduled post.'),
    text: z.string().max(LIMITS.connector.textMaxLength).optional().describe('New text.'),
    mediaID: z
      .array(z.uuid())
      .max(LIMITS.connector.mediaPerPostMax)
      .optional()
      .describe('New media file_ids.'),
    scheduledFor: ConnectorScheduledForSchema.optional(),
    options: OptionsChangeSchema.optional(),
  }),
  outputSchema: ScheduledPostOutput,
  annotations: { ...CHANGE_HINTS, idempotentHint: true },
  run: (backend, input) =>
    answerOf(async () => {
      if (!backend.updateScheduledPost) throw new Error('not available');
      const { scheduled_post_id, ...changes } = input;
      return (await backend.updateScheduledPost(scheduled_post_id, changes)).body;
    }),
});
