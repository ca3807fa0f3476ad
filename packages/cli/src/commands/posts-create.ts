import { stripVTControlCharacters } from 'node:util';
import type { PublishOutcome, SocialPub } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { waitTimeoutMs } from '../client/wait-flags.js';
import { dryRunLines } from '../posts/dry-run-lines.js';
import { type PostFlags, postFromFlags } from '../posts/post-from-flags.js';
import { printPostRecord } from './posts-get.js';
import { printDryRun, printWarnings } from './posts-validate.js';

interface CreateFlags extends PostFlags {
  dryRun?: boolean;
  idempotencyKey?: string;
  wait?: boolean;
  waitTimeout?: string;
}

function printOutcome(context: ActionContext, outcome: PublishOutcome): void {
  const { colors } = context;
  const printed: string[] = [];
  const print = (line: string) => {
    printed.push(line);
    context.print(line);
  };
  const body = outcome.body as unknown as Record<string, unknown>;
  const service = outcome.service;
  switch (outcome.kind) {
    case 'published':
      print(`${colors.green('Published')} post ${service?.post_id ?? '-'}`);
      break;
    case 'processing':
      print(`${colors.cyan('Processing')} post ${service?.post_id ?? '-'}: the network finishes it later.`);
      break;
    case 'scheduled':
      print(
        `${colors.green('Scheduled')} for ${String(body['scheduled_at'])} (${String(body['scheduled_post_id'])})`,
      );
      break;
    case 'queued':
      print(
        `${colors.yellow('Queued for the next day')} at ${String(body['scheduled_at'])} (${String(body['scheduled_post_id'])}): daily allowance used.`,
      );
      break;
    case 'still_publishing':
      print(`${colors.yellow('Still publishing')}: outcome unknown; do not send it again.`);
      break;
    case 'schedule_unconfirmed':
      print(`${colors.yellow('Schedule unconfirmed')}: check the scheduled posts before sending again.`);
      break;
    case 'dry_run':
      for (const line of dryRunLines(outcome.body, colors)) print(line);
      break;
  }
  // The service's message often says what the line above already said ("Scheduled for ..."):
  // print it only when it adds something.
  const message = typeof body['message'] === 'string' ? body['message'].trim() : '';
  const said = stripVTControlCharacters(printed.join(' ')).toLowerCase();
  if (message !== '' && !said.includes(message.replace(/\.$/, '').toLowerCase())) context.print(message);
  if (service?.status_url) context.print(`${colors.dim('status:')} ${service.status_url}`);
  printWarnings(context, outcome.warnings);
}

/** `--wait` follows the post the answer recorded; a scheduled post is only read, never waited for. */
async function waitForPost(
  context: ActionContext,
  client: SocialPub,
  outcome: PublishOutcome,
  timeout: string | undefined,
) {
  const postId = outcome.service?.post_id ?? undefined;
  if (postId === undefined || postId === null) {
    context.note('Nothing to wait for: the answer names no post (a scheduled post goes out at its time).');
    return;
  }
  const record = await client.posts.waitUntilDone(postId, { timeoutMs: waitTimeoutMs(timeout) });
  if (context.json) return context.printRaw(record);
  printPostRecord(context, record);
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const flags = command.opts<CreateFlags>();
    const input = await postFromFlags(flags);
    const client = await context.client();
    const common = {
      legacy: flags.legacy === true,
      ...(flags.idempotencyKey === undefined ? {} : { idempotencyKey: flags.idempotencyKey }),
    };
    if (flags.dryRun || input.dryRun) {
      printDryRun(context, await client.posts.create(input.post, { ...common, dryRun: true }));
      return;
    }
    const outcome = await client.posts.create(input.post, common);
    if (flags.wait) {
      if (!context.json) printOutcome(context, outcome);
      await waitForPost(context, client, outcome, flags.waitTimeout);
      return;
    }
    if (context.json) return context.printRaw(outcome.body);
    printOutcome(context, outcome);
  });
}
