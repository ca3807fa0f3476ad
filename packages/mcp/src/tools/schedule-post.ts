import { IdempotencyKeySchema, ScheduledPostInputSchema } from '../post-input.js';
import { sendToPlaces } from './place-outcomes.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const schedulePostTool = defineTool({
  name: 'service_schedule_post',
  title: 'Schedule a post',
  description:
    'Schedules the same content for scheduledFor (more than 60 seconds ahead, at most 365 days, with a time zone) to up to ten places, one per network. Everything is checked now; the allowance is checked when it goes out. Each place answers its scheduled_post_id, or is refused with the REST error code. Change it later with service_update_scheduled_post or cancel it with service_cancel_scheduled_post. TikTok and YouTube need a privacy choice from the user.',
  inputSchema: ScheduledPostInputSchema.extend({ idempotencyKey: IdempotencyKeySchema }),
  annotations: CHANGE_HINTS,
  run: (backend, input) => sendToPlaces(backend, input, false),
});
