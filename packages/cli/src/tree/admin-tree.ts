import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

/** `socialpub admin ...`: the reference server's admin API (test clocks, accounts, keys, deliveries). */
export function addAdminCommands(program: Command): void {
  const admin = program
    .command('admin')
    .description("The reference server's admin API: test clocks, accounts and keys for isolated test runs")
    .option('--admin-token <token>', 'admin token (prefer SOCIALPUB_ADMIN_TOKEN: flags show in ps)');

  const accounts = admin.command('accounts').description('Accounts (POST/GET/DELETE /admin/v1/accounts)');
  accounts
    .command('create')
    .description('Create an account, optionally on a test clock')
    .option('--clock <clock_id>', 'the test clock the account lives on (default the server clock)')
    .option('--plan <plan>', 'free, beginner, apprentice, skilled (default), expert or agency')
    .option('--email <email>', 'sign-in e-mail (the dashboard)')
    .option(
      '--password <password>',
      'dashboard password, 8 characters or more (shows in ps: prefer --password-stdin)',
    )
    .option('--password-stdin', 'read the dashboard password from stdin')
    .option('--x-addon', 'with the X add-on')
    .action(lazyAction(() => import('../commands/admin-accounts-create.js')));
  accounts
    .command('get')
    .description('An account with its profiles, keys and usage')
    .argument('<account_id>', 'account id (UUID)')
    .action(lazyAction(() => import('../commands/admin-accounts-get.js')));
  accounts
    .command('delete')
    .description('Delete an account and everything it owns')
    .argument('<account_id>', 'account id (UUID)')
    .action(lazyAction(() => import('../commands/admin-accounts-delete.js')));

  admin
    .command('keys')
    .description('API keys')
    .command('create')
    .description('Make an API key for an account (printed this once)')
    .argument('<account_id>', 'account id (UUID)')
    .option('--name <name>', 'a name to recognise the key by')
    .action(lazyAction(() => import('../commands/admin-keys-create.js')));

  admin
    .command('networks')
    .description("A profile's simulated networks (/admin/v1/profiles/.../networks)")
    .command('rules')
    .description(
      'Whether the simulated network refuses what the real one refuses: real (the default) or lenient',
    )
    .argument('<profile_id>', 'profile id (UUID)')
    .argument('<platform>', 'the network, e.g. x')
    .argument('<rules>', 'real or lenient')
    .action(lazyAction(() => import('../commands/admin-networks-rules.js')));

  const clocks = admin.command('clocks').description('Test clocks (POST/GET/DELETE /admin/v1/clocks)');
  clocks
    .command('create')
    .description('Create a test clock')
    .requiredOption('--now <time>', 'its start, ISO 8601 with a zone, e.g. 2030-01-01T09:00:00Z')
    .option('--name <name>', 'a name to recognise it by')
    .action(lazyAction(() => import('../commands/admin-clocks-create.js')));
  clocks
    .command('get')
    .description('A test clock and the accounts on it')
    .argument('<clock_id>', 'clock id (UUID)')
    .action(lazyAction(() => import('../commands/admin-clocks-get.js')));
  clocks
    .command('advance')
    .description("Move a test clock forward; returns after its accounts' due work has run")
    .argument('<clock_id>', 'clock id (UUID)')
    .argument('[seconds]', 'how far to move it, in seconds (the same as --seconds)')
    .option('--seconds <n>', 'how far to move it')
    .option('--to <time>', 'the time to move it to (never earlier than now)')
    .action(lazyAction(() => import('../commands/admin-clocks-advance.js')));
  clocks
    .command('delete')
    .description('Delete a test clock and every account on it')
    .argument('<clock_id>', 'clock id (UUID)')
    .action(lazyAction(() => import('../commands/admin-clocks-delete.js')));

  const deliveries = admin
    .command('deliveries')
    .description('The network inbox: what each simulated network accepted (/admin/v1/.../deliveries)');
  deliveries
    .command('list')
    .description('Deliveries of an account, newest first')
    .argument('<account_id>', 'account id (UUID)')
    .option('--platform <network>', 'only this network')
    .option('--profile-id <uuid>', 'only this profile')
    .option('--post-id <uuid>', 'only the delivery of this post record')
    .option('--q <text>', 'only posts whose text contains this (letter case ignored)')
    .option('--since <time>', 'only at or after this time, ISO 8601 with a zone')
    .option('--limit <n>', 'items per page, 1 to 100')
    .option('--cursor <cursor>', 'next_cursor of the previous page')
    .option('--all', 'every page')
    .action(lazyAction(() => import('../commands/admin-deliveries-list.js')));
  deliveries
    .command('get')
    .description('One delivery: text, files, options, permalink')
    .argument('<delivery_id>', 'delivery id (dlv_...)')
    .action(lazyAction(() => import('../commands/admin-deliveries-get.js')));
  deliveries
    .command('clear')
    .description("Empty an account's network inbox (its posts stay)")
    .argument('<account_id>', 'account id (UUID)')
    .action(lazyAction(() => import('../commands/admin-deliveries-clear.js')));
}
