import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function addAuthCommands(program: Command): void {
  program
    .command('login')
    .description('Save an API key (and base URL) in the config folder, readable only by you')
    .option('--api-key-stdin', 'read the key from stdin instead of a hidden prompt')
    .action(lazyAction(() => import('../commands/login.js')));
  program
    .command('logout')
    .description('Remove the saved API key')
    .action(lazyAction(() => import('../commands/logout.js')));
}
