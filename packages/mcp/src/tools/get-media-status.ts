import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { MediaStatusOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getMediaStatusTool = defineTool({
  name: 'service_get_media_status',
  title: 'Check an import or upload',
  description:
    'State of an import or upload: processing, uploading, verifying, ready or failed (with the reason). Ask every 10 to 30 s until ready.',
  inputSchema: z.object({
    file_id: z.uuid().describe('The file_id.'),
  }),
  outputSchema: MediaStatusOutput,
  annotations: READ_HINTS,
  run: (backend, input) =>
    answerOf(
      async () => withoutAddresses(await backend.getMediaStatus(input.file_id)) as Record<string, unknown>,
    ),
});
