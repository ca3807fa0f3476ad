import type { Command } from 'commander';
import { UPLOAD_HELP } from '../upload/upload-help.js';
import { lazyAction } from './lazy-action.js';

function addLinkCommands(media: Command): void {
  const link = media.command('link').description('Upload links for files on this computer (paid plans)');
  link
    .command('create')
    .description(
      'Create an upload link (POST /media/uploads); measures FILE, or takes --name --size --sha256',
    )
    .argument('[file]', 'file to measure')
    .option('--name <file_name>', 'file name (its extension decides the type)')
    .option('--size <bytes>', 'exact size in bytes')
    .option('--sha256 <hex>', 'SHA-256 of the file, 64 hex characters')
    .option('--shell <shell>', 'sh or powershell: add the uploader command')
    .option('--runner <runner>', 'native or node')
    .option('--max-run-seconds <seconds>', 'uploader run time, 30 to 7000')
    .action(lazyAction(() => import('../commands/media-link-create.js')));
  link
    .command('token')
    .description('A fresh token for the same link (POST /media/uploads/{file_id}/token)')
    .argument('<file_id>')
    .option('--shell <shell>', 'sh or powershell: add the uploader command')
    .option('--runner <runner>', 'native or node')
    .option('--max-run-seconds <seconds>', 'uploader run time, 30 to 7000')
    .action(lazyAction(() => import('../commands/media-link-token.js')));
  link
    .command('complete')
    .description('Check the arrived file (POST /media/uploads/{file_id}/complete)')
    .argument('<file_id>')
    .option('--wait', 'call again through verifying until ready')
    .action(lazyAction(() => import('../commands/media-link-complete.js')));
  link
    .command('cancel')
    .description('Cancel an upload that is not ready (DELETE /media/uploads/{file_id})')
    .argument('<file_id>')
    .action(lazyAction(() => import('../commands/media-link-cancel.js')));
}

export function addMediaCommands(program: Command): void {
  const media = program.command('media').description('Import, upload, check and list media');
  media
    .command('import')
    .description('Import a file from a public URL (POST /media)')
    .argument('<url>')
    .option('--wait', 'poll until ready')
    .option('--wait-timeout <seconds>', 'give up waiting after this long (default 7200)')
    .option('--idempotency-key <key>', 'resend safely with the same key')
    .option('--legacy', 'send to the older media address')
    .action(lazyAction(() => import('../commands/media-import.js')));
  media
    .command('status')
    .description('Status of an import or upload (GET /media?file_id=)')
    .argument('<file_id>')
    .action(lazyAction(() => import('../commands/media-status.js')));
  media
    .command('list')
    .description('The media library, newest first (GET /media/files)')
    .option('--name-contains <words>', 'file name holds every word')
    .option('--type <type>', 'image or video')
    .option('--since <time>', 'date-time with zone')
    .option('--limit <n>', '1 to 100 per page')
    .option('--cursor <cursor>', 'next_cursor exactly as received')
    .option('--include-unconfirmed', 'include files that need confirming before posting')
    .option('--all', 'follow next_cursor through every page')
    .action(lazyAction(() => import('../commands/media-list.js')));
  const upload = media
    .command('upload')
    .description('Send FILE through an upload link, complete it and wait until ready')
    .argument('[file]', 'the file to send')
    .option('--max-run-seconds <seconds>', 'stop after this long (exit 3 partial); run again to continue')
    .option('--no-progress', 'no progress bar or lines')
    .addHelpText('after', UPLOAD_HELP);
  upload.action(lazyAction(() => import('../commands/media-upload.js')));
  addLinkCommands(media);
}
