import type { DeliveriesQuery } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';
import { positiveInteger } from '../client/wait-flags.js';
import { printList } from '../output/list-output.js';

interface ListFlags {
  platform?: string;
  profileId?: string;
  postId?: string;
  q?: string;
  since?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/** A long text is cut to one table line; --json keeps it whole. */
const TEXT_COLUMN_WIDTH = 60;
const oneLine = (text: string | null): string => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > TEXT_COLUMN_WIDTH ? `${line.slice(0, TEXT_COLUMN_WIDTH - 1)}…` : line;
};

function queryOf(flags: ListFlags): DeliveriesQuery {
  const limit = positiveInteger(flags.limit, '--limit');
  return {
    ...(flags.platform ? { platform: flags.platform } : {}),
    ...(flags.profileId ? { profile_id: flags.profileId } : {}),
    ...(flags.postId ? { post_id: flags.postId } : {}),
    ...(flags.q ? { q: flags.q } : {}),
    ...(flags.since ? { since: flags.since } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(flags.cursor ? { cursor: flags.cursor } : {}),
  };
}

/** `socialpub admin deliveries list <account_id>`: what the networks received, newest first. */
export function run(command: Command): Promise<void> {
  const [accountId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const flags = command.opts<ListFlags>();
    const admin = await context.admin();
    await printList(context, admin.deliveries.list(accountId, queryOf(flags)), {
      all: flags.all,
      empty: 'No deliveries.',
      columns: [
        { header: 'ID', value: (d) => d.id },
        { header: 'PLATFORM', value: (d) => d.platform },
        { header: 'AT', value: (d) => d.at },
        { header: 'MEDIA', value: (d) => String(d.media.length) },
        { header: 'TEXT', value: (d) => oneLine(d.text) },
      ],
    });
  });
}
