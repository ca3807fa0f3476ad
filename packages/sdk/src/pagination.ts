/** A list page of GET /posts or GET /media/files: follow `next_cursor` until it is null. */
export interface CursorPage<Item> {
  data: Item[];
  next_cursor: string | null;
  next_url: string | null;
}

export type FetchPage<Page> = (cursor: string | undefined) => Promise<Page>;

/**
 * The answer of a list method: await it for the first page, or iterate it for every item across
 * pages (`for await (const post of client.posts.list({limit: 100}))`). A page may be shorter than
 * `limit` and still have a next one ("GET /media/files"), so only a null cursor ends the walk.
 */
export class PagePromise<Item, Page extends CursorPage<Item>>
  implements PromiseLike<Page>, AsyncIterable<Item>
{
  #first: Promise<Page> | undefined;

  constructor(
    private readonly fetchPage: FetchPage<Page>,
    private readonly startCursor: string | undefined = undefined,
    /** Items already yielded are skipped when pages overlap (the library reads `since` 2 minutes early). */
    private readonly keyOf: ((item: Item) => string) | undefined = undefined,
  ) {}

  firstPage(): Promise<Page> {
    this.#first ??= this.fetchPage(this.startCursor);
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaited for its first page by design.
  then<Result1 = Page, Result2 = never>(
    onfulfilled?: ((value: Page) => Result1 | PromiseLike<Result1>) | null,
    onrejected?: ((reason: unknown) => Result2 | PromiseLike<Result2>) | null,
  ): Promise<Result1 | Result2> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  async *pages(): AsyncGenerator<Page, void, undefined> {
    let page = await this.firstPage();
    yield page;
    const seenCursors = new Set<string>();
    while (page.next_cursor !== null && page.next_cursor !== undefined) {
      // A cursor seen twice would loop for ever; the walk ends instead.
      if (seenCursors.has(page.next_cursor)) return;
      seenCursors.add(page.next_cursor);
      page = await this.fetchPage(page.next_cursor);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const seen = new Set<string>();
    for await (const page of this.pages()) {
      for (const item of page.data) {
        if (this.keyOf) {
          const key = this.keyOf(item);
          if (seen.has(key)) continue;
          seen.add(key);
        }
        yield item;
      }
    }
  }

  /** Every item of every page, in order. */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
