import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function addAccountsCommands(program: Command): void {
  const accounts = program
    .command('accounts')
    .description('Profiles of the account and what each network allows');
  accounts
    .command('list')
    .description('List profiles and their connected networks (GET /accounts)')
    .action(lazyAction(() => import('../commands/accounts-list.js')));
  accounts
    .command('options')
    .description('What each network of a profile allows (GET /accounts/{id}/options)')
    .argument('<profile>', 'profile UUID, @handle or name, as `posts create --profile` takes it')
    .option('--platforms <list>', 'comma-separated networks to answer')
    .option('--skool-group-slug <slug>', 'skool group whose labels to read')
    .action(lazyAction(() => import('../commands/accounts-options.js')));
}
