import type { LibraryItem, LibraryListParams } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { positiveInteger } from '../client/wait-flags.js';
import { renderTable } from '../output/table.js';

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
    let items: LibraryItem[];
    let nextCursor: string | null = null;
    if (flags.all) {
      items = await list.toArray();
      if (context.json) return context.print(JSON.stringify({ data: items, next_cursor: null }));
    } else {
      const page = await list;
      if (context.json) return context.printRaw(page);
      items = page.data;
      nextCursor = page.next_cursor;
    }
    const { colors } = context;
    if (items.length === 0) context.print('No media files.');
    else
      context.print(
        renderTable(
          items,
          [
            { header: 'FILE_ID', value: (f) => f.file_id },
            { header: 'NAME', value: (f) => f.file_name },
            { header: 'KIND', value: (f) => f.kind },
            { header: 'SIZE', value: (f) => f.size },
            { header: 'STATUS', value: (f) => f.status },
            { header: 'USABLE', value: (f) => f.usable },
            { header: 'SOURCE', value: (f) => f.source },
            { header: 'UPLOADED_AT', value: (f) => f.uploaded_at },
          ],
          colors.bold,
        ),
      );
    if (nextCursor) context.note(colors.dim(`More: --cursor ${nextCursor} (or --all)`));
  });
}
