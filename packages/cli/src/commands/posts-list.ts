import type { Platform, PostListParams, PostListStatus } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { profileIdFor } from '../client/profile-id.js';
import { positiveInteger } from '../client/wait-flags.js';
import { printList } from '../output/list-output.js';
import { shortText } from '../output/table.js';

interface ListFlags {
  status?: string;
  platform?: string;
  kind?: string;
  profileId?: string;
  profile?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

function paramsOf(flags: ListFlags): PostListParams {
  const limit = positiveInteger(flags.limit, '--limit');
  return {
    ...(flags.status ? { status: flags.status.split(',').map((s) => s.trim()) as PostListStatus[] } : {}),
    ...(flags.platform ? { platform: flags.platform as Platform } : {}),
    ...(flags.kind ? { kind: flags.kind as 'post' | 'scheduled_post' } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(flags.cursor ? { cursor: flags.cursor } : {}),
  };
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const flags = command.opts<ListFlags>();
    const client = await context.client();
    const profile = flags.profile ?? flags.profileId;
    const params = paramsOf(flags);
    if (profile !== undefined) params.profile_id = await profileIdFor(client, profile);
    const list = client.posts.list(params);
    await printList(context, list, {
      all: flags.all,
      empty: 'No posts.',
      columns: [
        { header: 'ID', value: (r) => r.id },
        { header: 'KIND', value: (r) => r.kind },
        { header: 'PLATFORM', value: (r) => ('platform' in r ? r.platform : r.platforms) },
        { header: 'STATUS', value: (r) => r.status },
        { header: 'DONE', value: (r) => r.done },
        { header: 'AT', value: (r) => r.at },
        // The post's text where the record carries one; the API's records may leave it out.
        { header: 'TEXT', value: (r) => shortText((r as { text?: unknown }).text), optional: true },
      ],
    });
  });
}
