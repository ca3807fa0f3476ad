import type { PostCountQuery, PostCountWindow, StoredPostRecord } from './post-record-rows.js';

/**
 * One condition of a post count: its SQL and the same test on a row in memory, side by side. The
 * cached counts an insert brings up to date (caches/post-count-cache.ts) and the rows waiting for
 * a group commit are matched by these tests, so they count exactly what the SQL counts.
 */
interface CountCondition<K extends keyof PostCountWindow> {
  /** With one `?` when the condition binds its value (a flag binds none). */
  sql: string;
  binds: boolean;
  holds(value: NonNullable<PostCountWindow[K]>, post: StoredPostRecord, at: string): boolean;
}

/**
 * Every field of a count's question, each with its condition: a field added to `PostCountQuery`
 * does not compile until it has one here, and the cache keys every field it does not slot itself.
 */
const CONDITIONS: { [K in keyof Required<PostCountWindow>]: CountCondition<K> } = {
  // By account first: `post_records_account` holds every column asked here, from the start on.
  accountId: { sql: 'account_id = ?', binds: true, holds: (id, post) => post.accountId === id },
  since: { sql: 'at >= ?', binds: true, holds: (since, _post, at) => at >= since },
  until: { sql: 'at < ?', binds: true, holds: (until, _post, at) => at < until },
  profileId: { sql: 'profile_id = ?', binds: true, holds: (id, post) => post.profileId === id },
  platform: { sql: 'platform = ?', binds: true, holds: (platform, post) => post.platform === platform },
  // Failed posts do not count for an allowance.
  countingOnly: { sql: "status <> 'failed'", binds: false, holds: (_on, post) => post.status !== 'failed' },
  withLinks: { sql: 'has_links = 1', binds: false, holds: (_on, post) => post.hasLinks },
};
/** The fields a count may ask, in the order its SQL names them. */
export const COUNT_FIELDS = Object.keys(CONDITIONS) as (keyof PostCountWindow)[];
const FIELDS = COUNT_FIELDS;

/** The fields the cache does not slot itself (caches/post-count-cache.ts): its key writes their values. */
const KEYED_ELSEWHERE = new Set<string>([
  'accountId',
  'profileId',
  'since',
  'platform',
  'countingOnly',
  'withLinks',
]);
const OTHER_FIELDS = FIELDS.filter((field) => !KEYED_ELSEWHERE.has(field));

/** A field asks something when set: a flag only when true. */
const asks = (value: unknown): boolean => value !== undefined && value !== false;

/**
 * A count's question with its instants as stored text (ISO), as rows are compared with it. Every
 * field written out, so that every window has one shape (a spread of the question's own varying
 * shapes made each count's tests slower); a field missing here does not compile.
 */
export function countWindow(query: PostCountQuery): PostCountWindow {
  const window: { [K in keyof Required<PostCountWindow>]: PostCountWindow[K] } = {
    accountId: query.accountId,
    since: query.since.toISOString(),
    until: query.until?.toISOString(),
    profileId: query.profileId,
    platform: query.platform,
    countingOnly: query.countingOnly,
    withLinks: query.withLinks,
  };
  return window;
}

/** Each set of asked fields' SQL (at most one per subset of the fields), written once. */
const SQL_BY_FIELDS = new Map<number, string>();

/** The count's SQL and its values. */
export function countSql(window: PostCountWindow): { sql: string; values: unknown[] } {
  let asked = 0;
  const values: unknown[] = [];
  for (let i = 0; i < FIELDS.length; i++) {
    const field = FIELDS[i] as keyof PostCountWindow;
    const value = window[field];
    if (!asks(value)) continue;
    asked |= 1 << i;
    if (CONDITIONS[field].binds) values.push(value);
  }
  let sql = SQL_BY_FIELDS.get(asked);
  if (sql === undefined) {
    const where = FIELDS.filter((_field, i) => (asked & (1 << i)) !== 0).map(
      (field) => CONDITIONS[field].sql,
    );
    sql = `SELECT COUNT(*) AS n FROM post_records WHERE ${where.join(' AND ')}`;
    SQL_BY_FIELDS.set(asked, sql);
  }
  return { sql, values };
}

/** Whether a row (`at` as stored) is one the count counts: the conditions of `countSql`, in memory. */
export type RowTest = (post: StoredPostRecord, at: string) => boolean;

export function rowTest(window: PostCountWindow): RowTest {
  const tests: Array<(post: StoredPostRecord, at: string) => boolean> = [];
  for (const field of FIELDS) {
    const value = window[field];
    if (!asks(value)) continue;
    const holds = CONDITIONS[field].holds as (value: unknown, post: StoredPostRecord, at: string) => boolean;
    tests.push((post, at) => holds(value, post, at));
  }
  return (post, at) => {
    for (const test of tests) if (!test(post, at)) return false;
    return true;
  };
}

/** The part of a count's cache key the cache does not slot itself: empty for most counts. */
export function otherFieldsKey(query: PostCountQuery): string {
  let key = '';
  for (const field of OTHER_FIELDS) {
    const value = query[field as keyof PostCountQuery];
    if (value !== undefined) key += `${field}=${value instanceof Date ? value.getTime() : String(value)};`;
  }
  return key;
}
