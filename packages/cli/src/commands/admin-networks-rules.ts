import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';
import { CliError } from '../output/cli-error.js';
import { EXIT_STATUS } from '../output/exit-status.js';

const MODES = ['real', 'lenient'] as const;

/**
 * `socialpub admin networks rules <profile_id> <platform> <real|lenient>`: whether the simulated
 * network refuses what the real one refuses (`simulate.rules`); the rest of `simulate` is kept.
 */
export function run(command: Command): Promise<void> {
  const [profileId = '', platform = '', mode = ''] = command.args;
  return runAdminAction(command, async (context) => {
    if (!(MODES as readonly string[]).includes(mode)) {
      throw new CliError(`The rules are real or lenient, not ${JSON.stringify(mode)}.`, EXIT_STATUS.usage);
    }
    const admin = await context.admin();
    const network = await admin.networks.setRules(
      profileId,
      platform as Parameters<typeof admin.networks.setRules>[1],
      mode as (typeof MODES)[number],
    );
    context.show(network);
  });
}
