import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';
import { usageError } from '../output/cli-error.js';

/**
 * `socialpub admin clocks advance <clock_id> (--seconds <n> | --to <time>)`: moves the test clock
 * and returns once everything due for its accounts has run.
 */
export function run(command: Command): Promise<void> {
  const [clockId = ''] = command.args;
  const { seconds, to } = command.opts<{ seconds?: string; to?: string }>();
  return runAdminAction(command, async (context) => {
    if ((seconds === undefined) === (to === undefined)) {
      throw usageError('Give exactly one of --seconds <n> or --to <time>.');
    }
    const advance = Number(seconds);
    if (seconds !== undefined && !(Number.isFinite(advance) && advance >= 0)) {
      throw usageError('--seconds must be a number of seconds, 0 or more (a clock never moves back).');
    }
    const admin = await context.admin();
    context.show(
      await admin.clocks.move(clockId, to === undefined ? { advance_seconds: advance } : { now: to }),
    );
  });
}
