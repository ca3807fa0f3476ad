import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { ProfilesOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listAccountsTool = defineTool({
  name: 'service_list_accounts',
  title: 'List profiles',
  description:
    'The account’s profiles with each connected network and its health. Use profile_id as accountId when posting.',
  inputSchema: z.object({}),
  outputSchema: ProfilesOutput,
  annotations: READ_HINTS,
  run: (backend) => answerOf(async () => backend.listAccounts()),
});
