import { OptionsResponseSchema, PLATFORMS } from '@socialpub/core';
import { z } from 'zod';
import { answerOf } from '../tool-result.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getPostingOptionsTool = defineTool({
  name: 'service_get_posting_options',
  title: 'Show what each network allows',
  description:
    'Reads what each network of a profile allows: TikTok privacy levels (privacy_level_options), Pinterest boards (boardId), Skool groups and labels, the Facebook Page, YouTube categories and privacy choices (privacy_status_options). Read it before posting to TikTok, YouTube, Pinterest or Skool and let the user choose. Changes nothing.',
  inputSchema: z.object({
    profile_id: z.uuid().describe('profile_id from service_list_accounts.'),
    platforms: z
      .array(z.enum(PLATFORMS))
      .min(1)
      .max(PLATFORMS.length)
      .optional()
      .describe('Default: every connected network.'),
  }),
  outputSchema: OptionsResponseSchema.loose(),
  annotations: READ_HINTS,
  run: (backend, input) => answerOf(async () => backend.getPostingOptions(input.profile_id, input.platforms)),
});
