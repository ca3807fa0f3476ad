import { PLATFORMS } from '@socialpub/core';
import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { PostingOptionsOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getPostingOptionsTool = defineTool({
  name: 'service_get_posting_options',
  title: 'Show posting options',
  description:
    'What each network of a profile allows: TikTok and YouTube privacy, YouTube categories, Pinterest boards, Skool groups. Let the user choose.',
  inputSchema: z.object({
    profile_id: z.uuid().describe('From service_list_accounts.'),
    platforms: z
      .array(z.enum(PLATFORMS))
      .min(1)
      .max(PLATFORMS.length)
      .optional()
      .describe('Default: all connected.'),
  }),
  outputSchema: PostingOptionsOutput,
  annotations: READ_HINTS,
  run: (backend, input) => answerOf(async () => backend.getPostingOptions(input.profile_id, input.platforms)),
});
