import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { sizeField } from '../output/sizes.js';
import { renderFields } from '../output/table.js';

const MEDIA_FIELDS = [
  'file_id',
  'status',
  'file_name',
  'type',
  'size',
  'progress',
  'bytes_uploaded',
  'sha256',
  'public_url',
  'error',
  'message',
];

/** Any answer about one file (status, import, complete); only the fields above that it has are shown. */
export function printMediaFile(context: ActionContext, answer: object): void {
  const record = answer as Record<string, unknown>;
  const shown: Record<string, unknown> = {};
  for (const key of MEDIA_FIELDS) if (record[key] !== undefined) shown[key] = record[key];
  for (const key of ['size', 'bytes_uploaded']) if (key in shown) shown[key] = sizeField(shown[key]);
  const status = String(record['status'] ?? '');
  const { colors } = context;
  const paint = status === 'ready' ? colors.green : status === 'failed' ? colors.red : colors.yellow;
  if ('status' in shown) shown['status'] = paint(status);
  context.print(renderFields(shown, colors.bold));
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [fileId = ''] = command.args;
    const client = await context.client();
    const answer = await client.media.retrieve(fileId);
    if (context.json) return context.printRaw(answer);
    printMediaFile(context, answer);
  });
}
