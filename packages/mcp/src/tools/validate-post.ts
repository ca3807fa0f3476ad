import { z } from 'zod';
import { PostInputSchema } from '../post-input.js';
import { sendToPlaces } from './place-outcomes.js';
import { defineTool } from './tool.js';

export const validatePostTool = defineTool({
  name: 'service_validate_post',
  title: 'Check a post without sending it',
  description:
    'Runs every publishing check for each place (profile, connection, media, options, plan gates, allowance, 20-second spacing) and answers what would happen: publish, queue (daily allowance used: next UTC day), schedule, or refuse with the code and status. Nothing is sent, counted or recorded. Same input as service_publish_post, with an optional scheduledFor.',
  inputSchema: PostInputSchema.extend({
    scheduledFor: z
      .union([z.string(), z.number()])
      .optional()
      .describe('Check it as a scheduled post for this time.'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (backend, input) => sendToPlaces(backend, input, true),
});
