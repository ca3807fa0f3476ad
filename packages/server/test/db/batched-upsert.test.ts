import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchedUpsert, ROWS_PER_STATEMENT } from '../../src/db/batched-upsert.js';
import { type Database, openDatabase } from '../../src/db/database.js';

// The write-behind's snapshots (read counts, keys' "last used") write a row for every account or
// key in use: db/batched-upsert.ts writes them ROWS_PER_STATEMENT rows a statement, and a batch
// the database refuses (a row whose parent went meanwhile) row by row, skipping only that row.

let db: Database;
let runs: number[];

beforeEach(() => {
  db = openDatabase({ memory: true });
  db.exec(`
    CREATE TABLE parents (id TEXT PRIMARY KEY);
    CREATE TABLE counts (
      parent_id TEXT NOT NULL REFERENCES parents(id) ON DELETE CASCADE,
      n INTEGER NOT NULL,
      PRIMARY KEY (parent_id)
    );
  `);
  runs = [];
});
afterEach(() => db.close());

/** The database as the upsert sees it, counting the rows each statement run carries. */
function counted(): Database {
  return {
    prepare: (sql: string) => {
      const statement = db.prepare(sql);
      return {
        run: (values: unknown[]) => {
          runs.push(values.length / 2);
          return statement.run(values);
        },
      };
    },
  } as unknown as Database;
}

const ids = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `p${String(from + i).padStart(4, '0')}`);
const parents = (list: string[]) => {
  const insert = db.prepare('INSERT INTO parents (id) VALUES (?)');
  for (const id of list) insert.run(id);
};
const upsert = () =>
  new BatchedUpsert(
    counted(),
    'counts (parent_id, n)',
    2,
    'ON CONFLICT (parent_id) DO UPDATE SET n = excluded.n',
  );
const stored = () =>
  Object.fromEntries(
    (
      db.prepare('SELECT parent_id, n FROM counts ORDER BY parent_id').all() as {
        parent_id: string;
        n: number;
      }[]
    ).map((row) => [row.parent_id, row.n]),
  );
const valuesOf = (list: string[], n: (i: number) => number) => list.flatMap((id, i) => [id, n(i)]);

describe('batched upsert', () => {
  it.each([
    0,
    1,
    ROWS_PER_STATEMENT - 1,
    ROWS_PER_STATEMENT,
    ROWS_PER_STATEMENT + 1,
    2 * ROWS_PER_STATEMENT + 20,
  ])(
    'writes all of %i rows: full statements of ROWS_PER_STATEMENT rows, then one row a statement',
    (count) => {
      const list = ids(count);
      parents(list);
      upsert().write(valuesOf(list, (i) => i));
      expect(stored()).toEqual(Object.fromEntries(list.map((id, i) => [id, i])));
      const full = Math.floor(count / ROWS_PER_STATEMENT);
      expect(runs).toEqual([
        ...Array(full).fill(ROWS_PER_STATEMENT),
        ...Array(count - full * ROWS_PER_STATEMENT).fill(1),
      ]);
    },
  );

  it('updates rows that exist and inserts the others in the same batch', () => {
    const list = ids(ROWS_PER_STATEMENT);
    parents(list);
    upsert().write(valuesOf(list.slice(0, 10), () => 1));
    upsert().write(valuesOf(list, () => 7));
    expect(Object.values(stored())).toEqual(Array(ROWS_PER_STATEMENT).fill(7));
  });

  it('skips only the rows the database refuses, in a full batch and in the rest', () => {
    const list = ids(ROWS_PER_STATEMENT + 3);
    // No parent for one row of the batch and one of the rest: as if they were deleted meanwhile.
    const gone = [list[17] as string, list[ROWS_PER_STATEMENT + 1] as string];
    parents(list.filter((id) => !gone.includes(id)));
    upsert().write(valuesOf(list, (i) => i));
    expect(stored()).toEqual(
      Object.fromEntries(list.map((id, i) => [id, i]).filter(([id]) => !gone.includes(id as string))),
    );
    // The refused batch was written again row by row.
    expect(runs.filter((rows) => rows === ROWS_PER_STATEMENT)).toHaveLength(1);
    expect(runs.filter((rows) => rows === 1)).toHaveLength(ROWS_PER_STATEMENT + 3);
  });

  it('refuses values that are not whole rows', () => {
    expect(() => upsert().write(['p0000', 1, 'p0001'])).toThrow(TypeError);
  });
});
