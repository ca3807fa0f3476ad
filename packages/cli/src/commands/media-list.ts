import type { LibraryListParams } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { positiveInteger } from '../client/wait-flags.js';
import { printList } from '../output/list-output.js';
import { sizeCell } from '../output/sizes.js';

interface ListFlags {
  nameContains?: string;
  type?: string;
  since?: string;
  limit?: string;
  cursor?: string;
  includeUnconfirmed?: boolean;
  all?: boolean;
}

function paramsOf(flags: ListFlags): LibraryListParams {
  const limit = positiveInteger(flags.limit, '--limit');
  return {
    ...(flags.nameContains ? { name_contains: flags.nameContains } : {}),
    ...(flags.type ? { type: flags.type as 'image' | 'video' } : {}),
    ...(flags.since ? { since: flags.since } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(flags.cursor ? { cursor: flags.cursor } : {}),
    ...(flags.includeUnconfirmed ? { include_unconfirmed: true } : {}),
  };
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const flags = command.opts<ListFlags>();
    const client = await context.client();
    const list = client.media.files.list(paramsOf(flags));
    await printList(context, list, {
      all: flags.all,
      empty: 'No media files.',
      columns: [
        { header: 'FILE_ID', value: (f) => f.file_id },
        { header: 'NAME', value: (f) => f.file_name },
        { header: 'KIND', value: (f) => f.kind },
        { header: 'SIZE', value: (f) => sizeCell(f.size) },
        { header: 'STATUS', value: (f) => f.status },
        { header: 'USABLE', value: (f) => f.usable },
        { header: 'SOURCE', value: (f) => f.source },
        { header: 'UPLOADED_AT', value: (f) => f.uploaded_at },
      ],
    });
  });
}
