import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { RetryOutput } from './output-schemas.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const retryPostTool = defineTool({
  name: 'service_retry_post',
  title: 'Send a failed post again',
  description:
    'Sends a failed post or scheduled post again as a new attempt (every check again). A timeout or unconfirmed one is never resent: it may be out.',
  inputSchema: z.object({ id: z.uuid().describe('A failed post or scheduled post.') }),
  outputSchema: RetryOutput,
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      if (!backend.retryPost) throw new Error('not available');
      return (await backend.retryPost(input.id)).body;
    }),
});
