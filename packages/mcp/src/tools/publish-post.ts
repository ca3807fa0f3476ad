import { IdempotencyKeySchema, PostInputSchema } from '../post-input.js';
import { sendToPlaces } from './place-outcomes.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const publishPostTool = defineTool({
  name: 'service_publish_post',
  title: 'Publish a post now',
  description:
    'Publishes the same content now to up to ten places (a profile and one network each; one place per network). Each place answers its own outcome: published, processing (the network finishes later: read it with service_get_post), queued for the next UTC day (daily allowance used), or refused with the REST error code and retry advice. TikTok needs tiktok.privacyLevel and YouTube youtube.privacyStatus: ask the user, never choose for them (service_get_posting_options lists the allowed values). A post that went out cannot be deleted from the network.',
  inputSchema: PostInputSchema.extend({ idempotencyKey: IdempotencyKeySchema }),
  annotations: CHANGE_HINTS,
  run: (backend, input) => sendToPlaces(backend, input, false),
});
