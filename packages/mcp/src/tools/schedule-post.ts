import { IdempotencyKeySchema, ScheduledPostInputSchema } from '../post-input.js';
import { PlaceOutcomesOutput } from './output-schemas.js';
import { sendToPlaces } from './place-outcomes.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const schedulePostTool = defineTool({
  name: 'service_schedule_post',
  title: 'Schedule a post',
  description:
    'Schedules the same content for scheduledFor to up to ten places, one per network. Each place answers its scheduled_post_id or the REST error. TikTok and YouTube privacy: ask the user.',
  inputSchema: ScheduledPostInputSchema.extend({ idempotencyKey: IdempotencyKeySchema }),
  outputSchema: PlaceOutcomesOutput,
  annotations: CHANGE_HINTS,
  run: (backend, input) => sendToPlaces(backend, input, false),
});
