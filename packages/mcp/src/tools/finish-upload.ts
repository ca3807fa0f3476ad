import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { FinishUploadOutput } from './output-schemas.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const finishUploadTool = defineTool({
  name: 'service_finish_upload',
  title: 'Finish an upload',
  description:
    'After the uploader exited 0: checks the file. ready: post it (content.mediaID); verifying: call again later; upload_incomplete: run the command again.',
  inputSchema: z.object({ file_id: z.uuid().describe('file_id of the upload link.') }),
  outputSchema: FinishUploadOutput,
  annotations: { ...CHANGE_HINTS, idempotentHint: true },
  run: (backend, input) =>
    answerOf(async () => withoutAddresses((await backend.finishUpload(input.file_id)).body)),
});
