import type { DryRunResponse } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { dryRunLines } from '../posts/dry-run-lines.js';
import { type PostFlags, postFromFlags } from '../posts/post-from-flags.js';

/** Prints a dry-run answer; exit 0 whatever the outcome: the check itself succeeded. */
export function printDryRun(context: ActionContext, answer: DryRunResponse): void {
  if (context.json) {
    context.printRaw(answer);
    return;
  }
  for (const line of dryRunLines(answer, context.colors)) context.print(line);
  printWarnings(context, answer.warnings);
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
