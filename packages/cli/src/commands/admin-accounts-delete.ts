import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin accounts delete <account_id>`: the account and everything it owns. */
export function run(command: Command): Promise<void> {
  const [accountId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(await admin.accounts.delete(accountId));
  });
}
