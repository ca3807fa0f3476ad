import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openSqlite } from '../db/better-sqlite3.js';
import { copyMediaFolder, isGone } from './copy-media.js';
import { makePrivateFolder, makeTreePrivate, PRIVATE_FILE_MODE } from './private-modes.js';

/**
 * `socialpub-server backup` and `restore` (docs/reference-server.md, "Backups"). The layout of a data directory is
 * `socialpub.db` (WAL) and `media/`; a backup directory holds the same two plus `backup.json`.
 *
 * The database first (an online snapshot), then the media folder: the server writes a file before
 * any row names it, so every file the snapshot names is found. An upload finished in between is
 * put back as its part file, so the restored upload is still open (docs/architecture.md, "Backups").
 */
const DATABASE_FILE = 'socialpub.db';
const MEDIA_FOLDER = 'media';
const MANIFEST_FILE = 'backup.json';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupSummary {
  to: string;
  databaseBytes: number;
  mediaFiles: number;
  mediaBytes: number;
  openUploads: number;
  integrity: string;
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (isGone(error)) return true;
    throw error;
  }
}

function integrityOf(file: string): string {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Open uploads of a database file: their part file must be in the media copy. */
function openUploadIds(file: string): string[] {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT file_id AS id FROM upload_links WHERE state IN ('uploading', 'verifying')")
      .all() as { id: string }[];
    return rows.map((row) => row.id);
  } finally {
    db.close();
  }
}

/** An open upload whose part file moved to files/ after the snapshot gets its part file back. */
async function reconcileOpenUploads(databaseFile: string, media: string): Promise<number> {
  const ids = openUploadIds(databaseFile);
  for (const id of ids) {
    const part = join(media, 'uploads', `${id}.part`);
    const kept = join(media, 'files', id, 'content');
    if (!existsSync(part) && existsSync(kept)) {
      await mkdir(join(media, 'uploads'), { recursive: true });
      await copyFile(kept, part);
    }
  }
  return ids.length;
}

export async function backupDataDir(dataDir: string, to: string): Promise<BackupSummary> {
  const source = join(resolve(dataDir), DATABASE_FILE);
  if (!existsSync(source))
    throw new BackupError(`No database at ${source}; is --data-dir the server's data directory?`);
  const target = resolve(to);
  if (!(await isEmptyOrMissing(target))) {
    throw new BackupError(`${target} is not empty; back up into a new or empty directory.`);
  }
  await makePrivateFolder(target);
  const databaseFile = join(target, DATABASE_FILE);
  // A connection of our own: WAL lets it read a snapshot while the server's connection writes.
  const db = openSqlite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After the first step, copy every remaining page in one step: a step that sees a write made
    // by the server meanwhile starts again, and one step holds a read snapshot to its end.
    await db.backup(databaseFile, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
  } finally {
    db.close();
  }
  const media = join(target, MEDIA_FOLDER);
  const copied = await copyMediaFolder(join(resolve(dataDir), MEDIA_FOLDER), media);
  const openUploads = await reconcileOpenUploads(databaseFile, media);
  const integrity = integrityOf(databaseFile);
  if (integrity !== 'ok')
    throw new BackupError(`The copied database failed its integrity check: ${integrity}`);
  const summary: BackupSummary = {
    to: target,
    databaseBytes: statSync(databaseFile).size,
    mediaFiles: copied.files,
    mediaBytes: copied.bytes,
    openUploads,
    integrity,
  };
  await writeFile(
    join(target, MANIFEST_FILE),
    `${JSON.stringify({ format: 1, created_from: resolve(dataDir), ...summary }, null, 2)}\n`,
    { mode: PRIVATE_FILE_MODE },
  );
  await makeTreePrivate(target);
  return summary;
}

export interface RestoreSummary {
  dataDir: string;
  mediaFiles: number;
}

/**
 * Puts a backup into a data directory. A data directory that holds anything is refused unless
 * `force` (then its database and media folder are replaced). The server must not be running on it.
 */
export async function restoreDataDir(from: string, dataDir: string, force: boolean): Promise<RestoreSummary> {
  const source = resolve(from);
  const databaseBackup = join(source, DATABASE_FILE);
  if (!existsSync(databaseBackup) || !existsSync(join(source, MANIFEST_FILE))) {
    throw new BackupError(
      `${source} is not a backup made by socialpub-server backup (no ${DATABASE_FILE} and ${MANIFEST_FILE}).`,
    );
  }
  const integrity = integrityOf(databaseBackup);
  if (integrity !== 'ok')
    throw new BackupError(`The backup's database failed its integrity check: ${integrity}`);
  const target = resolve(dataDir);
  if (!(await isEmptyOrMissing(target))) {
    if (!force) {
      throw new BackupError(
        `${target} is not empty; restoring would replace its database and media. Stop the server on it and pass --force to replace them, or restore into an empty directory.`,
      );
    }
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, MEDIA_FOLDER]) {
      await rm(join(target, name), { recursive: true, force: true });
    }
  }
  await makePrivateFolder(target);
  await copyFile(databaseBackup, join(target, DATABASE_FILE));
  const copied = await copyMediaFolder(join(source, MEDIA_FOLDER), join(target, MEDIA_FOLDER));
  await makeTreePrivate(target);
  return { dataDir: target, mediaFiles: copied.files };
}
