import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin clocks create --now <time> [--name]` (POST /admin/v1/clocks). */
export function run(command: Command): Promise<void> {
  const { now, name } = command.opts<{ now: string; name?: string }>();
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    context.show(await admin.clocks.create({ now, ...(name === undefined ? {} : { name }) }));
  });
}
