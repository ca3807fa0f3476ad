import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [fileId = ''] = command.args;
    const client = await context.client();
    const answer = await client.uploads.cancel(fileId);
    if (context.json) return context.printRaw(answer);
    context.print(`${context.colors.green('Cancelled')} upload ${fileId}`);
  });
}
