import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';
import { usageError } from '../output/cli-error.js';

const USAGE = 'socialpub admin clocks advance <clock_id> <seconds>  (or --seconds <n>, or --to <time>)';

/**
 * `socialpub admin clocks advance <clock_id> <seconds>` (or `--seconds <n>`, or `--to <time>`):
 * moves the test clock and returns once everything due for its accounts has run.
 */
export function run(command: Command): Promise<void> {
  const [clockId = '', written] = command.args;
  const flags = command.opts<{ seconds?: string; to?: string }>();
  const to = flags.to;
  return runAdminAction(command, async (context) => {
    if (written !== undefined && flags.seconds !== undefined && written !== flags.seconds) {
      throw usageError(`Give the seconds once: ${written} and --seconds ${flags.seconds} differ.`, USAGE);
    }
    const seconds = written ?? flags.seconds;
    if ((seconds === undefined) === (to === undefined)) {
      throw usageError('Give exactly one of <seconds> (or --seconds <n>) or --to <time>.', USAGE);
    }
    const advance = Number(seconds);
    if (seconds !== undefined && !(Number.isFinite(advance) && advance >= 0)) {
      throw usageError(
        `The seconds must be a number, 0 or more (a clock never moves back), not "${seconds}".`,
        USAGE,
      );
    }
    const admin = await context.admin();
    context.show(
      await admin.clocks.move(clockId, to === undefined ? { advance_seconds: advance } : { now: to }),
    );
  });
}
