import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';

// db/database.ts: a new data folder's database takes incremental auto-vacuum at its first open, in
// WAL mode. Were the mode set after WAL, it would not take, and the next start would convert the
// file with a VACUUM over everything the first run stored.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-db-'));
  dirs.push(dir);
  return join(dir, 'socialpub.db');
}

describe('a new database file', () => {
  it('is in WAL mode with incremental auto-vacuum from its first open', () => {
    const file = newFile();
    const db = openDatabase({ file });
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const reader = new BetterSqlite3(file, { readonly: true });
    expect(reader.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    reader.close();
  });

  it('converts a file made without incremental auto-vacuum once, keeping its rows and WAL mode', () => {
    const file = newFile();
    const old = new BetterSqlite3(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE kept (n INTEGER)');
    old.prepare('INSERT INTO kept (n) VALUES (?)').run(7);
    expect(old.pragma('auto_vacuum', { simple: true })).toBe(0);
    old.close();
    const db = openDatabase({ file });
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT n FROM kept').all()).toEqual([{ n: 7 }]);
    db.close();
  });
});
