import type { Database } from './database.js';

export type FaultAnswer = { status: number; code: string; retry_after_seconds?: number | undefined } | 'drop';

export interface FaultRecord {
  id: string;
  method: string | null;
  pathPrefix: string | null;
  accountId: string | null;
  answer: FaultAnswer;
  when: 'before' | 'after';
  timesLeft: number;
  createdAt: string;
}

interface FaultRow {
  id: string;
  method: string | null;
  path_prefix: string | null;
  account_id: string | null;
  answer: string;
  when_to: 'before' | 'after';
  times_left: number;
  created_at: string;
}

function fromRow(row: FaultRow): FaultRecord {
  return {
    id: row.id,
    method: row.method,
    pathPrefix: row.path_prefix,
    accountId: row.account_id,
    answer: JSON.parse(row.answer) as FaultAnswer,
    when: row.when_to,
    timesLeft: row.times_left,
    createdAt: row.created_at,
  };
}

export class FaultsRepository {
  /**
   * Whether any fault is armed, known without a query: every request passes fault injection, and
   * almost always none is armed. Every change to the table goes through this repository, which
   * forgets the answer on each change.
   */
  #anyArmed: boolean | null = null;

  constructor(private readonly db: Database) {}

  insert(fault: FaultRecord): void {
    this.db
      .prepare(
        `INSERT INTO faults (id, method, path_prefix, account_id, answer, when_to, times_left, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM faults))`,
      )
      .run(
        fault.id,
        fault.method,
        fault.pathPrefix,
        fault.accountId,
        JSON.stringify(fault.answer),
        fault.when,
        fault.timesLeft,
        fault.createdAt,
      );
    this.#anyArmed = null;
  }

  /** The armed faults, oldest first. */
  list(): FaultRecord[] {
    return (
      this.db.prepare('SELECT * FROM faults WHERE times_left > 0 ORDER BY seq').all() as FaultRow[]
    ).map(fromRow);
  }

  delete(id: string): boolean {
    this.#anyArmed = null;
    return this.db.prepare('DELETE FROM faults WHERE id = ?').run(id).changes > 0;
  }

  /** Whether any fault is armed (answered from memory until the faults change). */
  anyArmed(): boolean {
    this.#anyArmed ??=
      this.db.prepare('SELECT 1 FROM faults WHERE times_left > 0 LIMIT 1').get() !== undefined;
    return this.#anyArmed;
  }

  /** Takes one use of the oldest armed fault matching the request, in one transaction. */
  consumeMatch(request: { method: string; path: string; accountId: string | null }): FaultRecord | null {
    if (!this.anyArmed()) return null;
    this.#anyArmed = null;
    return this.db.transaction(() => {
      for (const fault of this.list()) {
        if (fault.method && fault.method.toUpperCase() !== request.method.toUpperCase()) continue;
        if (fault.pathPrefix && !request.path.startsWith(fault.pathPrefix)) continue;
        if (fault.accountId && fault.accountId !== request.accountId) continue;
        if (fault.timesLeft <= 1) this.delete(fault.id);
        else this.db.prepare('UPDATE faults SET times_left = times_left - 1 WHERE id = ?').run(fault.id);
        return fault;
      }
      return null;
    })();
  }
}
