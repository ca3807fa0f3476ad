import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { CHANGE_HINTS, defineTool } from './tool.js';

export const retryPostTool = defineTool({
  name: 'service_retry_post',
  title: 'Send a failed post again',
  description:
    'Sends a post whose status is failed again, as a new attempt with the same content and options (it counts as a publish attempt; every check runs again). Works for a failed post made through this connector and for a failed scheduled post. A post with status timeout or an unconfirmed outcome is never sent again: it may have gone out; read it with service_get_post instead.',
  inputSchema: z.object({ id: z.uuid().describe('The failed post id, or the failed scheduled_post_id.') }),
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      if (!backend.retryPost) throw new Error('not available');
      return (await backend.retryPost(input.id)).body;
    }),
});
