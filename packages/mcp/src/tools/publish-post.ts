import { IdempotencyKeySchema, PostInputSchema } from '../post-input.js';
import { PlaceOutcomesOutput } from './output-schemas.js';
import { sendToPlaces } from './place-outcomes.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const publishPostTool = defineTool({
  name: 'service_publish_post',
  title: 'Publish a post now',
  description:
    'Publishes the same content now to up to ten places, one per network. Each answers: published, processing (read it later), queued for the next UTC day, or refused with the REST error. TikTok and YouTube privacy: ask the user, never choose.',
  inputSchema: PostInputSchema.extend({ idempotencyKey: IdempotencyKeySchema }),
  outputSchema: PlaceOutcomesOutput,
  annotations: CHANGE_HINTS,
  run: (backend, input) => sendToPlaces(backend, input, false),
});
