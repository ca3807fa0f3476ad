import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { waitTimeoutMs } from '../client/wait-flags.js';
import { printMediaFile } from './media-status.js';

interface ImportFlags {
  wait?: boolean;
  waitTimeout?: string;
  idempotencyKey?: string;
  legacy?: boolean;
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [url = ''] = command.args;
    const flags = command.opts<ImportFlags>();
    const client = await context.client();
    const answer = await client.media.import(url, {
      legacy: flags.legacy === true,
      ...(flags.idempotencyKey === undefined ? {} : { idempotencyKey: flags.idempotencyKey }),
    });
    if (flags.wait && answer.status !== 'ready') {
      const fileId = answer.file_id;
      if (!context.json) context.note(`Importing ${fileId}; waiting until ready...`);
      const ready = await client.media.waitUntilReady(fileId, {
        timeoutMs: waitTimeoutMs(flags.waitTimeout),
      });
      if (context.json) return context.printRaw(ready);
      return printMediaFile(context, ready);
    }
    if (context.json) return context.printRaw(answer);
    printMediaFile(context, answer);
  });
}
