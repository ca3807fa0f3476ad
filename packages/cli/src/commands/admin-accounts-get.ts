import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin accounts get <account_id>` (GET /admin/v1/accounts/{id}). */
export function run(command: Command): Promise<void> {
  const [accountId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(await admin.accounts.get(accountId));
  });
}
