import type { CursorPage, PagePromise } from '@socialpub/sdk';
import type { ActionContext } from '../client/action-context.js';
import { type Column, renderTable } from './table.js';

/** How a list command shows its items. */
export interface ListOutput<Item> {
  /** `--all`: every item of every page instead of the first page. */
  all: boolean | undefined;
  /** The line printed when there is nothing to list. */
  empty: string;
  columns: readonly Column<Item>[];
}

/**
 * Prints a list command's answer: the first page (its JSON as received with `--json`, else a table
 * and a note naming the next cursor), or with `--all` every item of every page.
 */
export async function printList<Item, Page extends CursorPage<Item>>(
  context: ActionContext,
  list: PagePromise<Item, Page>,
  output: ListOutput<Item>,
): Promise<void> {
  let items: Item[];
  let nextCursor: string | null = null;
  if (output.all) {
    items = await list.toArray();
    // --all --json: every item of every page in one `{data}` object (no single answer to echo).
    if (context.json) return context.print(JSON.stringify({ data: items, next_cursor: null }));
  } else {
    const page = await list;
    if (context.json) return context.printRaw(page);
    items = page.data;
    nextCursor = page.next_cursor;
  }
  const { colors } = context;
  if (items.length === 0) context.print(output.empty);
  else context.print(renderTable(items, output.columns, colors.bold));
  if (nextCursor) context.note(colors.dim(`More: --cursor ${nextCursor} (or --all)`));
}
