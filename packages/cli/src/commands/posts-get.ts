import type { AnyPostRecord } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { waitTimeoutMs } from '../client/wait-flags.js';
import { renderFields } from '../output/table.js';

interface GetFlags {
  wait?: boolean;
  waitTimeout?: string;
}

const POST_FIELDS = [
  'id',
  'kind',
  'platform',
  'platforms',
  'status',
  'outcome',
  'done',
  'media_type',
  'at',
  'scheduled_for',
  'permalink',
  'error_message',
  'note',
  'scheduled_post_id',
  'profile_id',
];

export function printPostRecord(context: ActionContext, record: AnyPostRecord): void {
  const source = record as unknown as Record<string, unknown>;
  const shown: Record<string, unknown> = {};
  for (const key of POST_FIELDS) if (source[key] !== undefined) shown[key] = source[key];
  context.print(renderFields(shown, context.colors.bold));
  const results = source['results'];
  if (Array.isArray(results) && results.length > 0) {
    context.print(context.colors.bold('results'));
    for (const result of results as Record<string, unknown>[]) {
      context.print(
        `  ${String(result['platform'])}: ${String(result['status'])}${result['permalink'] ? ` ${String(result['permalink'])}` : ''}`,
      );
    }
  }
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [id = ''] = command.args;
    const flags = command.opts<GetFlags>();
    const client = await context.client();
    const record = flags.wait
      ? await client.posts.waitUntilDone(id, { timeoutMs: waitTimeoutMs(flags.waitTimeout) })
      : await client.posts.retrieve(id);
    if (context.json) return context.printRaw(record);
    printPostRecord(context, record);
  });
}
