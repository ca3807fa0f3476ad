import type { Database } from './database.js';

/** Rows one statement writes: enough that the per-statement cost is spread thin. */
export const ROWS_PER_STATEMENT = 50;

/**
 * One upsert written for many rows at once: `INSERT INTO <into> VALUES (…), (…), … <onConflict>`,
 * `ROWS_PER_STATEMENT` rows a statement, the rest one row a statement (so only two statement texts
 * exist). A snapshot of the write-behind writes a row for every account or key in use; one
 * statement a row cost each row a statement's run, which for a snapshot of thousands of rows was
 * most of its time.
 *
 * A statement is all or nothing: when one refuses a batch (a row whose parent went meanwhile, e.g.
 * an account deleted since its count changed), the batch is written again row by row and only the
 * refused rows are skipped, as writing each row alone would have done.
 */
export class BatchedUpsert {
  readonly #many: string;
  readonly #one: string;

  /**
   * `into`: `table (col, …)`; `width`: the number of columns; `onConflict`: the clause after the
   * values (e.g. `ON CONFLICT (id) DO UPDATE SET …`).
   */
  constructor(
    private readonly db: Database,
    into: string,
    private readonly width: number,
    onConflict: string,
  ) {
    const row = `(${Array(width).fill('?').join(', ')})`;
    this.#many = `INSERT INTO ${into} VALUES ${Array(ROWS_PER_STATEMENT).fill(row).join(', ')} ${onConflict}`;
    this.#one = `INSERT INTO ${into} VALUES ${row} ${onConflict}`;
  }

  /** Writes `values`: the rows' columns one after another, `width` a row. Call inside a transaction. */
  write(values: readonly unknown[]): void {
    const rows = values.length / this.width;
    if (!Number.isInteger(rows))
      throw new TypeError(`batched upsert: ${values.length} values for ${this.width} columns`);
    const perBatch = ROWS_PER_STATEMENT * this.width;
    let at = 0;
    if (rows >= ROWS_PER_STATEMENT) {
      const many = this.db.prepare(this.#many);
      const batch: unknown[] = new Array(perBatch);
      for (; at + perBatch <= values.length; at += perBatch) {
        for (let i = 0; i < perBatch; i++) batch[i] = values[at + i];
        try {
          many.run(batch);
        } catch {
          this.#oneByOne(values, at, at + perBatch);
        }
      }
    }
    this.#oneByOne(values, at, values.length);
  }

  #oneByOne(values: readonly unknown[], from: number, to: number): void {
    if (from >= to) return;
    const one = this.db.prepare(this.#one);
    const row: unknown[] = new Array(this.width);
    for (let at = from; at < to; at += this.width) {
      for (let i = 0; i < this.width; i++) row[i] = values[at + i];
      try {
        one.run(row);
      } catch {
        // Only a row whose parent went meanwhile is refused; nobody will read it.
      }
    }
  }
}
