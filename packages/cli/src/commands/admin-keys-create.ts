import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin keys create <account_id> [--name]`: prints the new API key (shown this once). */
export function run(command: Command): Promise<void> {
  const [accountId = ''] = command.args;
  const { name } = command.opts<{ name?: string }>();
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(await admin.keys.create(accountId, name === undefined ? {} : { name }));
  });
}
