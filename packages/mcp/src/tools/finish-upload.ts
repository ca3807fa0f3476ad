import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const finishUploadTool = defineTool({
  name: 'service_finish_upload',
  title: 'Finish an upload',
  description:
    'Call after the uploader command exited 0: checks the exact size, type, first bytes and SHA-256 of the uploaded file. Answers ready (post it with content.mediaID) or verifying (calling again is harmless; or check service_get_media_status every 15 seconds). upload_incomplete means part of the file is missing: run the uploader command again, then finish.',
  inputSchema: z.object({ file_id: z.uuid().describe('file_id of the upload link.') }),
  annotations: { ...CHANGE_HINTS, idempotentHint: true },
  run: (backend, input) =>
    answerOf(async () => withoutAddresses((await backend.finishUpload(input.file_id)).body)),
});
