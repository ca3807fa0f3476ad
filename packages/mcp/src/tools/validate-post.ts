import { ConnectorScheduledForSchema, PostInputSchema } from '../post-input.js';
import { PlaceOutcomesOutput } from './output-schemas.js';
import { sendToPlaces } from './place-outcomes.js';
import { defineTool } from './tool.js';

export const validatePostTool = defineTool({
  name: 'service_validate_post',
  title: 'Check a post',
  description:
    'Runs every publishing check per place and answers what would happen: publish, queue, schedule or the refusal. Nothing is sent or counted.',
  inputSchema: PostInputSchema.extend({
    scheduledFor: ConnectorScheduledForSchema.optional().describe(
      'As a scheduled post at this ISO 8601 time.',
    ),
  }),
  outputSchema: PlaceOutcomesOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (backend, input) => sendToPlaces(backend, input, true),
});
