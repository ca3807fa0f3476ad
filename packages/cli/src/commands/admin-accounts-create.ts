import type { Plan } from '@socialpub/core';
import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin accounts create [--clock <clock_id>] [--plan] [--email] [--x-addon]` (POST /admin/v1/accounts). */
export function run(command: Command): Promise<void> {
  const options = command.opts<{ clock?: string; plan?: Plan; email?: string; xAddon?: boolean }>();
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(
      await admin.accounts.create({
        ...(options.clock === undefined ? {} : { clock_id: options.clock }),
        ...(options.plan === undefined ? {} : { plan: options.plan }),
        ...(options.email === undefined ? {} : { email: options.email }),
        ...(options.xAddon === undefined ? {} : { x_addon: options.xAddon }),
      }),
    );
  });
}
