import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin clocks get <clock_id>`: its time and the accounts on it. */
export function run(command: Command): Promise<void> {
  const [clockId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    const clock = await admin.clocks.get(clockId);
    if (context.json) return context.printRaw(clock);
    const { accounts, ...fields } = clock;
    context.show({ ...fields, accounts: accounts.map((a) => a.account_id).join(' ') || '(none)' });
  });
}
