import type { Plan } from '@socialpub/core';
import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';
import { readStdinSecret } from '../config/read-secret.js';
import { usageError } from '../output/cli-error.js';

interface CreateFlags {
  clock?: string;
  plan?: Plan;
  email?: string;
  password?: string;
  passwordStdin?: boolean;
  xAddon?: boolean;
}

/** The dashboard password: from stdin (kept out of ps and history), or the flag. */
async function readPassword(flags: CreateFlags): Promise<string | undefined> {
  if (flags.passwordStdin && flags.password !== undefined) {
    throw usageError('Give the password once: --password or --password-stdin, not both.');
  }
  if (!flags.passwordStdin) return flags.password;
  const password = await readStdinSecret();
  if (password === '') throw usageError('--password-stdin read an empty password.', 'Pipe the password in.');
  return password;
}

/**
 * `socialpub admin accounts create [--clock <clock_id>] [--plan] [--email] [--password | --password-stdin] [--x-addon]`
 * (POST /admin/v1/accounts). With an e-mail and a password the account signs in to the dashboard.
 */
export function run(command: Command): Promise<void> {
  const options = command.opts<CreateFlags>();
  return runAdminAction(command, async (context) => {
    const password = await readPassword(options);
    if (password !== undefined && options.email === undefined) {
      throw usageError('A password needs an e-mail to sign in with.', 'Add --email <email>.');
    }
    const admin = await context.admin();
    context.show(
      await admin.accounts.create({
        ...(options.clock === undefined ? {} : { clock_id: options.clock }),
        ...(options.plan === undefined ? {} : { plan: options.plan }),
        ...(options.email === undefined ? {} : { email: options.email }),
        ...(password === undefined ? {} : { password }),
        ...(options.xAddon === undefined ? {} : { x_addon: options.xAddon }),
      }),
    );
  });
}
