import * as z from 'zod';
import { answerOf } from '../tool-result.js';
import { UsageOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

export const getUsageTool = defineTool({
  name: 'service_get_usage',
  title: 'Show usage',
  description:
    'The plan and what the limits read now: posts used, attempts, X add-on, upload budget, waiting scheduled posts.',
  inputSchema: z.object({}),
  outputSchema: UsageOutput,
  annotations: READ_HINTS,
  run: (backend) =>
    answerOf(async () => {
      if (!backend.getUsage) throw new Error('not available');
      return backend.getUsage();
    }),
});
