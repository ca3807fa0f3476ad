import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [id = ''] = command.args;
    const client = await context.client();
    const answer = await client.posts.cancel(id, {
      legacy: command.opts<{ legacy?: boolean }>().legacy === true,
    });
    if (context.json) return context.printRaw(answer);
    const body = answer as unknown as { data?: Record<string, unknown>; already_cancelled?: boolean };
    const already = body.already_cancelled === true || body.data?.['already_cancelled'] === true;
    context.print(`${context.colors.green(already ? 'Already cancelled' : 'Cancelled')} ${id}`);
    if (typeof body.data?.['message'] === 'string') context.print(body.data['message']);
  });
}
