import type { Database } from './database.js';

export interface DashboardSessionRecord {
  /** SHA-256 (hex) of the id in the `sp_session` cookie; the id itself is never stored. */
  idHash: string;
  accountId: string;
  /** The CSRF token of this session's forms. */
  csrfSecret: string;
  createdAt: string;
  expiresAt: string;
  lastSeen: string;
}

interface SessionRow {
  id_hash: string;
  account_id: string;
  csrf_secret: string;
  created_at: string;
  expires_at: string;
  last_seen: string;
}

const fromRow = (row: SessionRow): DashboardSessionRecord => ({
  idHash: row.id_hash,
  accountId: row.account_id,
  csrfSecret: row.csrf_secret,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastSeen: row.last_seen,
});

/** Rows of `dashboard_sessions` (migration 007). */
export class DashboardSessionsRepository {
  constructor(private readonly db: Database) {}

  insert(session: DashboardSessionRecord): void {
    this.db
      .prepare(
        `INSERT INTO dashboard_sessions (id_hash, account_id, csrf_secret, created_at, expires_at, last_seen)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        session.idHash,
        session.accountId,
        session.csrfSecret,
        session.createdAt,
        session.expiresAt,
        session.lastSeen,
      );
  }

  get(idHash: string): DashboardSessionRecord | null {
    const row = this.db.prepare('SELECT * FROM dashboard_sessions WHERE id_hash = ?').get(idHash) as
      | SessionRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  touch(idHash: string, lastSeen: string, expiresAt: string): void {
    this.db
      .prepare('UPDATE dashboard_sessions SET last_seen = ?, expires_at = ? WHERE id_hash = ?')
      .run(lastSeen, expiresAt, idHash);
  }

  delete(idHash: string): void {
    this.db.prepare('DELETE FROM dashboard_sessions WHERE id_hash = ?').run(idHash);
  }

  /** Drops sessions that ended before `now` (run on sign-in, so the table does not grow). */
  deleteExpired(now: string): void {
    this.db.prepare('DELETE FROM dashboard_sessions WHERE expires_at <= ?').run(now);
  }
}
