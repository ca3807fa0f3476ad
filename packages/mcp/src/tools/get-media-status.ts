import { MediaStatusResponseSchema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getMediaStatusTool = defineTool({
  name: 'service_get_media_status',
  title: 'Check an import or upload',
  description:
    'Shows the state of a URL import or upload by file_id: processing, uploading, verifying, ready or failed, with progress and the reason when it failed. Ask again every 10 to 30 seconds until ready; then post it with content.mediaID. Changes nothing.',
  inputSchema: z.object({
    file_id: z.uuid().describe('file_id from an import, an upload link or the library.'),
  }),
  outputSchema: MediaStatusResponseSchema.omit({ public_url: true }).loose(),
  annotations: READ_HINTS,
  run: (backend, input) =>
    answerOf(
      async () => withoutAddresses(await backend.getMediaStatus(input.file_id)) as Record<string, unknown>,
    ),
});
