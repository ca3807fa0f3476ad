import { AccountsListResponseSchema } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool, READ_HINTS } from './tool.js';

export const listAccountsTool = defineTool({
  name: 'service_list_accounts',
  title: 'List profiles and their networks',
  description:
    'Lists the profiles of the signed-in account (oldest first, up to 100) with each connected network, its username and health (ready, reconnect_required, unknown). Use profile_id as accountId when posting. Changes nothing.',
  inputSchema: z.object({}),
  outputSchema: AccountsListResponseSchema.loose(),
  annotations: READ_HINTS,
  run: (backend) => answerOf(async () => backend.listAccounts()),
});
