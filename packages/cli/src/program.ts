import { Command, type CommanderError } from 'commander';
import { EXIT_STATUS, EXIT_STATUS_HELP } from './output/exit-status.js';
import { addAccountsCommands } from './tree/accounts-tree.js';
import { addAdminCommands } from './tree/admin-tree.js';
import { addAuthCommands } from './tree/auth-tree.js';
import { addExamples } from './tree/command-examples.js';
import { addMediaCommands } from './tree/media-tree.js';
import { addPostsCommands } from './tree/posts-tree.js';
import { badCommandLine, writeUploadLine } from './upload/upload-line.js';

export const CLI_VERSION = '0.1.0';

const CONFIG_HELP = `
Configuration (a flag wins over the environment, which wins over the saved file):
  --api-key / SOCIALPUB_API_KEY / \`socialpub login\`
  --base-url / SOCIALPUB_BASE_URL / \`socialpub login --base-url\`
  The file is config.json in $XDG_CONFIG_HOME/socialpub (or ~/.config/socialpub; on Windows
  %APPDATA%\\socialpub; SOCIALPUB_CONFIG_DIR overrides), mode 0600. The key is never printed.
`;

/** Commander's own usage errors exit 2 (EXIT_STATUS.usage); help and version exit 0. */
function exitForUsage(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? 0 : EXIT_STATUS.usage);
}

/** `media upload` answers usage errors as the uploader does: the JSON line and exit 6 bad_command. */
function exitForUploadUsage(error: CommanderError): never {
  if (error.exitCode === 0) process.exit(0);
  const line = badCommandLine(error.message.replace(/^error: /, ''));
  writeUploadLine(line);
  process.exit(line.exit_code);
}

/** The command tree; each command's module is loaded only when it runs, so `--help` starts fast. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('socialpub')
    .description('Publish and schedule posts, import and upload media through the Social Publishing API v2.')
    .version(CLI_VERSION, '-v, --version')
    .option('--api-key <key>', 'API key (prefer SOCIALPUB_API_KEY or `socialpub login`: flags show in ps)')
    .option('--base-url <url>', 'service origin, e.g. http://127.0.0.1:8787')
    .option('--timeout <seconds>', 'per-request timeout in seconds (default 60)')
    .option('--max-retries <n>', 'automatic resends after a documented retryable failure (default 2)')
    .option('--json', "print the API's JSON answer as received (the error answer too, on failure)")
    .showHelpAfterError()
    .exitOverride(exitForUsage)
    .addHelpText('after', `${CONFIG_HELP}\n${EXIT_STATUS_HELP}`);
  addAuthCommands(program);
  addAccountsCommands(program);
  addPostsCommands(program);
  addMediaCommands(program);
  addAdminCommands(program);
  const upload = program.commands
    .find((c) => c.name() === 'media')
    ?.commands.find((c) => c.name() === 'upload');
  upload?.exitOverride(exitForUploadUsage);
  addExamples(program);
  return program;
}
