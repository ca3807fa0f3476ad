import { randomUUID } from 'node:crypto';
import type { Database } from './database.js';

export interface OutboxMessage {
  id: string;
  accountId: string;
  to: string | null;
  subject: string;
  body: string;
  createdAt: string;
}

/** The e-mails the service would have sent (e.g. scheduled-post failures). */
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  add(message: Omit<OutboxMessage, 'id'>): OutboxMessage {
    const stored = { ...message, id: randomUUID() };
    this.db
      .prepare(
        `INSERT INTO outbox (id, account_id, to_address, subject, body, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox))`,
      )
      .run(stored.id, stored.accountId, stored.to, stored.subject, stored.body, stored.createdAt);
    return stored;
  }

  /** Newest first. */
  listForAccount(accountId: string): OutboxMessage[] {
    const rows = this.db
      .prepare(
        'SELECT id, account_id, to_address, subject, body, created_at FROM outbox WHERE account_id = ? ORDER BY seq DESC',
      )
      .all(accountId) as {
      id: string;
      account_id: string;
      to_address: string | null;
      subject: string;
      body: string;
      created_at: string;
    }[];
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    }));
  }
}
