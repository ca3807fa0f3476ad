import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin clocks delete <clock_id>`: the clock and every account on it. */
export function run(command: Command): Promise<void> {
  const [clockId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    const deleted = await admin.clocks.delete(clockId);
    if (context.json) return context.printRaw(deleted);
    context.show({ ...deleted, deleted_accounts: deleted.deleted_accounts.join(' ') || '(none)' });
  });
}
