import { Command } from 'commander';

export const CLI_VERSION = '0.1.0';

/** The command tree; each command's module is loaded only when it runs, so `--help` starts fast. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('socialpub')
    .description('Publish and schedule posts, import and upload media through the Social Publishing API v2.')
    .version(CLI_VERSION, '-v, --version');
  return program;
}
