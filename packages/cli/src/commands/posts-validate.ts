import type { DryRunResponse } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { type PostFlags, postFromFlags } from '../posts/post-from-flags.js';

/** Prints a dry-run answer; exit 0 whatever the outcome: the check itself succeeded. */
export function printDryRun(context: ActionContext, answer: DryRunResponse): void {
  if (context.json) {
    context.printRaw(answer);
    return;
  }
  const { colors } = context;
  const record = answer as unknown as Record<string, unknown>;
  const outcome = String(record['outcome']);
  const paint = outcome === 'refuse' ? colors.red : colors.green;
  context.print(`${colors.bold('Dry run:')} ${paint(outcome)} (nothing sent)`);
  const reason = record['reason'];
  if (reason !== undefined && reason !== null) context.print(`Reason: ${JSON.stringify(reason)}`);
  printWarnings(context, record['warnings']);
}

export function printWarnings(context: ActionContext, warnings: unknown): void {
  if (!Array.isArray(warnings)) return;
  for (const warning of warnings as { code?: string; message?: string }[]) {
    context.note(context.colors.yellow(`warning: ${warning.code ?? 'warning'}: ${warning.message ?? ''}`));
  }
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const flags = command.opts<PostFlags>();
    const { post } = await postFromFlags(flags);
    const client = await context.client();
    const answer = await client.posts.validate(post, { legacy: flags.legacy === true });
    printDryRun(context, answer);
  });
}
