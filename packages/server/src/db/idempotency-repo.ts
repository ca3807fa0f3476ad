import { type ClockScope, onClockParams, onClockSql } from '../clocks/clock-scope.js';
import type { Database } from './database.js';

/**
 * Entries are kept per API key; a key belongs to one account, and the account to one clock. On the
 * server's clock (nearly every entry) the statement walks the expiry index and looks up each
 * entry's key by its primary key, so the timer's look costs the same with one key or thousands; a
 * test clock has few accounts, so its statement starts from their keys instead.
 */
const keysOnClock = (scope: ClockScope): string =>
  scope.clockId === null
    ? onClockSql(
        '(SELECT account_id FROM api_keys WHERE api_keys.id = idempotency_entries.api_key_id)',
        scope,
      )
    : `api_key_id IN (SELECT id FROM api_keys WHERE ${onClockSql('account_id', scope)})`;

export type IdempotencyScope = 'posts' | 'media';

/** Which entry a request names: a key belongs to the API key that sent it, per scope (rule 2). */
export interface IdempotencyEntryId {
  apiKeyId: string;
  scope: IdempotencyScope;
  idempotencyKey: string;
}

/** The first answer exactly as it was sent: status, the headers that describe it, the body bytes. */
export interface StoredAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
  /** `error.code` of the answer, for the request log of a replay. */
  errorCode: string | null;
}

export interface IdempotencyEntry extends IdempotencyEntryId {
  bodySha256: string;
  claimToken: string;
  state: 'in_progress' | 'done';
  firstUsedAt: string;
  expiresAt: string;
  requestCount: number;
  completedAt: string | null;
  answer: StoredAnswer | null;
  /**
   * In progress, but no request of this process holds the claim: the process that did is gone (a
   * crash, a kill), or its answer could not be stored. Nothing will ever finish it.
   */
  orphaned: boolean;
}

export interface NewIdempotencyClaim extends IdempotencyEntryId {
  bodySha256: string;
  claimToken: string;
  firstUsedAt: string;
  expiresAt: string;
}

export type ClaimResult = { claimed: true } | { claimed: false; existing: IdempotencyEntry };

/** What the idempotency service needs from storage; a failing double stands in for it in tests. */
export interface IdempotencyStore {
  claim(claim: NewIdempotencyClaim, now: string): ClaimResult;
  complete(claimToken: string, answer: StoredAnswer, completedAt: string): boolean;
  release(claimToken: string): boolean;
  /** Deletes expired entries of the keys of accounts on the scope's clock (all when no scope). */
  purgeExpired(now: string, scope?: ClockScope): number;
  nextExpiry(scope?: ClockScope): string | null;
}

interface EntryRow {
  api_key_id: string;
  scope: IdempotencyScope;
  idempotency_key: string;
  body_sha256: string;
  claim_token: string;
  state: 'in_progress' | 'done';
  first_used_at: string;
  expires_at: string;
  request_count: number;
  completed_at: string | null;
  answer_status: number | null;
  answer_headers: string | null;
  answer_body: Buffer | null;
  answer_error_code: string | null;
}

function fromRow(row: EntryRow, running: ReadonlySet<string>): IdempotencyEntry {
  const answer: StoredAnswer | null =
    row.state === 'done' && row.answer_status !== null
      ? {
          status: row.answer_status,
          headers: JSON.parse(row.answer_headers ?? '[]') as Array<[string, string]>,
          body: new Uint8Array(row.answer_body ?? Buffer.alloc(0)),
          errorCode: row.answer_error_code,
        }
      : null;
  return {
    apiKeyId: row.api_key_id,
    scope: row.scope,
    idempotencyKey: row.idempotency_key,
    bodySha256: row.body_sha256,
    claimToken: row.claim_token,
    state: row.state,
    firstUsedAt: row.first_used_at,
    expiresAt: row.expires_at,
    requestCount: row.request_count,
    completedAt: row.completed_at,
    answer,
    orphaned: row.state === 'in_progress' && !running.has(row.claim_token),
  };
}

const WHERE_ID = 'api_key_id = ? AND scope = ? AND idempotency_key = ?';

/** The API keys' entries, or the signed-in AI apps' (owner = grant id; migration 011). */
export type IdempotencyTable = 'idempotency_entries' | 'connector_idempotency_entries';

export class IdempotencyRepository implements IdempotencyStore {
  /**
   * The claims this process made and has not completed or released: the requests running now. At
   * start it is empty, so every claim left in progress by an earlier process reads as orphaned.
   */
  readonly #running = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly table: IdempotencyTable = 'idempotency_entries',
  ) {}

  /**
   * Claims the entry with one INSERT against the primary key, so of two requests racing for the
   * same key exactly one wins (rule 4). An expired entry (24 hours, rule 1) is cleared first, so an
   * old key names a fresh request. A request that finds the entry taken counts in its request count.
   */
  claim(claim: NewIdempotencyClaim, now: string): ClaimResult {
    const id = [claim.apiKeyId, claim.scope, claim.idempotencyKey] as const;
    return this.db.transaction((): ClaimResult => {
      this.db.prepare(`DELETE FROM ${this.table} WHERE ${WHERE_ID} AND expires_at <= ?`).run(...id, now);
      const inserted = this.db
        .prepare(
          `INSERT INTO ${this.table}
             (api_key_id, scope, idempotency_key, body_sha256, claim_token, state, first_used_at, expires_at)
           VALUES (?, ?, ?, ?, ?, 'in_progress', ?, ?)
           ON CONFLICT (api_key_id, scope, idempotency_key) DO NOTHING`,
        )
        .run(...id, claim.bodySha256, claim.claimToken, claim.firstUsedAt, claim.expiresAt);
      if (inserted.changes === 1) {
        this.#running.add(claim.claimToken);
        return { claimed: true };
      }
      this.db
        .prepare(`UPDATE ${this.table} SET request_count = request_count + 1 WHERE ${WHERE_ID}`)
        .run(...id);
      const row = this.db.prepare(`SELECT * FROM ${this.table} WHERE ${WHERE_ID}`).get(...id) as
        | EntryRow
        | undefined;
      if (!row) throw new Error('idempotency entry vanished inside its own transaction');
      return { claimed: false, existing: fromRow(row, this.#running) };
    })();
  }

  /** Stores the first answer; false when the claim is gone (released or expired meanwhile). */
  complete(claimToken: string, answer: StoredAnswer, completedAt: string): boolean {
    this.#running.delete(claimToken);
    const result = this.db
      .prepare(
        `UPDATE ${this.table}
         SET state = 'done', completed_at = ?, answer_status = ?, answer_headers = ?, answer_body = ?,
             answer_error_code = ?
         WHERE claim_token = ? AND state = 'in_progress'`,
      )
      .run(
        completedAt,
        answer.status,
        JSON.stringify(answer.headers),
        Buffer.from(answer.body),
        answer.errorCode,
        claimToken,
      );
    return result.changes === 1;
  }

  /** Forgets an unfinished claim (rule 8): the same key may then be sent afresh. */
  release(claimToken: string): boolean {
    this.#running.delete(claimToken);
    return (
      this.db
        .prepare(`DELETE FROM ${this.table} WHERE claim_token = ? AND state = 'in_progress'`)
        .run(claimToken).changes === 1
    );
  }

  /**
   * The scope's clock decides which entries are due: API keys' entries by the key's account. The
   * connector's entries (owner = grant) are purged on the server's clock only; a claim clears its
   * own expired entry in any case, so this purge never decides an answer.
   */
  #scopeSql(scope: ClockScope | undefined): { sql: string; params: Array<{ clock_id: string }> } | null {
    if (!scope) return { sql: '1', params: [] };
    if (this.table !== 'idempotency_entries') return scope.clockId === null ? { sql: '1', params: [] } : null;
    return { sql: keysOnClock(scope), params: onClockParams(scope) };
  }

  purgeExpired(now: string, scope?: ClockScope): number {
    const on = this.#scopeSql(scope);
    if (!on) return 0;
    return this.db
      .prepare(`DELETE FROM ${this.table} WHERE expires_at <= ? AND ${on.sql}`)
      .run(now, ...on.params).changes;
  }

  nextExpiry(scope?: ClockScope): string | null {
    const on = this.#scopeSql(scope);
    if (!on) return null;
    const row = this.db
      .prepare(`SELECT expires_at AS at FROM ${this.table} WHERE ${on.sql} ORDER BY expires_at LIMIT 1`)
      .get(...on.params) as { at: string } | undefined;
    return row?.at ?? null;
  }

  get(id: IdempotencyEntryId): IdempotencyEntry | null {
    const row = this.db
      .prepare(`SELECT * FROM ${this.table} WHERE ${WHERE_ID}`)
      .get(id.apiKeyId, id.scope, id.idempotencyKey) as EntryRow | undefined;
    return row ? fromRow(row, this.#running) : null;
  }
}
