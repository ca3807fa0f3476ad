import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin deliveries clear <account_id>`: empties the network inbox; posts stay. */
export function run(command: Command): Promise<void> {
  const [accountId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(await admin.deliveries.clear(accountId));
  });
}
