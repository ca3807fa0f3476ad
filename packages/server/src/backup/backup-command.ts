import { parseArgs } from 'node:util';
import { BackupError, backupDataDir, restoreDataDir } from './backup.js';

const BACKUP_USAGE = `Usage: socialpub-server backup --data-dir DATA --to DIR
       socialpub-server restore --from DIR --data-dir DATA [--force]

backup   copies the database (SQLite online backup, consistent while the server runs and writes)
         and then the media folder into DIR, which must be new or empty.
restore  puts a backup into DATA, which must be empty unless --force (then its database and media
         are replaced). Stop the server on DATA first.`;

/** True when argv names a backup subcommand (the server's own flags never start with a word). */
export function isBackupCommand(argv: readonly string[]): boolean {
  return argv[0] === 'backup' || argv[0] === 'restore';
}

/** Runs `backup` or `restore`; returns the process exit code (0 done, 1 refused or failed, 2 usage). */
export async function runBackupCommand(
  argv: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const [command, ...rest] = argv;
  let values: { 'data-dir'?: string; to?: string; from?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        'data-dir': { type: 'string' },
        to: { type: 'string' },
        from: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    err(`socialpub-server ${command}: ${(error as Error).message}\n${BACKUP_USAGE}`);
    return 2;
  }
  if (values.help) {
    out(BACKUP_USAGE);
    return 0;
  }
  const dataDir = values['data-dir'] ?? process.env['SOCIALPUB_DATA_DIR'];
  const missing =
    command === 'backup'
      ? !dataDir
        ? '--data-dir'
        : !values.to
          ? '--to'
          : null
      : !values.from
        ? '--from'
        : !dataDir
          ? '--data-dir'
          : null;
  if (missing) {
    err(`socialpub-server ${command}: ${missing} is required.\n${BACKUP_USAGE}`);
    return 2;
  }
  try {
    if (command === 'backup') {
      const summary = await backupDataDir(dataDir as string, values.to as string);
      out(
        `socialpub-server backup: ${summary.to}: database ${summary.databaseBytes} bytes (integrity ${summary.integrity}), ` +
          `${summary.mediaFiles} media files (${summary.mediaBytes} bytes), ${summary.openUploads} open uploads.`,
      );
    } else {
      const summary = await restoreDataDir(values.from as string, dataDir as string, values.force ?? false);
      out(
        `socialpub-server restore: ${summary.dataDir}: database and ${summary.mediaFiles} media files restored.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      err(`socialpub-server ${command}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
