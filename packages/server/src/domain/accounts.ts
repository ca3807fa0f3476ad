import { randomUUID } from 'node:crypto';
import { apiError, type Plan } from '@socialpub/core';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { Repositories } from '../db/repositories.js';
import type { AccountClocks } from './clocks/account-clocks.js';
import type { PasswordHasher } from './passwords.js';

export interface AccountInput {
  plan?: Plan | undefined;
  x_addon?: boolean | undefined;
  email?: string | null | undefined;
  password?: string | undefined;
  created_at?: string | undefined;
  share_links?: boolean | undefined;
  uploads_enabled?: boolean | undefined;
  clock_id?: string | null | undefined;
}

/** The account as the admin API shows it; never the password hash. */
export interface AccountView {
  account_id: string;
  plan: Plan;
  x_addon: boolean;
  email: string | null;
  created_at: string;
  share_links: boolean;
  uploads_enabled: boolean;
  /** The test clock the account lives on, or null for the server's clock. */
  clock_id: string | null;
}

export function accountView(account: AccountRecord): AccountView {
  return {
    account_id: account.id,
    plan: account.plan,
    x_addon: account.xAddon,
    email: account.email,
    created_at: account.createdAt,
    share_links: account.shareLinks,
    uploads_enabled: account.uploadsEnabled,
    clock_id: account.clockId,
  };
}

function ensureEmailFree(repos: Repositories, email: string | null | undefined, ownId?: string): void {
  if (!email) return;
  const holder = repos.accounts.findByEmail(email);
  if (holder && holder.id !== ownId) {
    throw apiError('conflict', 'Another account already uses this e-mail address.');
  }
}

/** `clock_id` names an existing test clock; an account's clock never changes after creation. */
function testClockOf(clocks: AccountClocks, clockId: string | null | undefined) {
  if (clockId === undefined || clockId === null) return null;
  const clock = clocks.byId(clockId);
  if (!clock) {
    throw apiError('bad_request', 'No test clock has this clock_id; create one with POST /admin/v1/clocks.', {
      extra: { parameter: 'clock_id' },
    });
  }
  return clock;
}

export async function createAccount(
  repos: Repositories,
  clocks: AccountClocks,
  passwords: PasswordHasher,
  input: AccountInput,
): Promise<AccountRecord> {
  ensureEmailFree(repos, input.email);
  const clock = testClockOf(clocks, input.clock_id) ?? clocks.server;
  const account: AccountRecord = {
    id: randomUUID(),
    plan: input.plan ?? 'skilled',
    xAddon: input.x_addon ?? false,
    email: input.email ?? null,
    passwordHash: input.password ? await passwords.hash(input.password) : null,
    createdAt: input.created_at ?? clock.now().toISOString(),
    shareLinks: input.share_links ?? true,
    uploadsEnabled: input.uploads_enabled ?? true,
    clockId: input.clock_id ?? null,
    deletingSince: null,
    timeZone: null,
  };
  ensureEmailFree(repos, account.email);
  repos.accounts.insert(account);
  return account;
}

export async function patchAccount(
  repos: Repositories,
  passwords: PasswordHasher,
  id: string,
  input: AccountInput,
): Promise<AccountRecord | null> {
  const current = repos.accounts.get(id);
  if (!current) return null;
  if (input.clock_id !== undefined && input.clock_id !== current.clockId) {
    // Due times and counters were written on the old clock; they mean nothing on another one.
    throw apiError(
      'bad_request',
      "An account's clock is fixed when it is created; create a new account on the other clock.",
      {
        extra: { parameter: 'clock_id' },
      },
    );
  }
  ensureEmailFree(repos, input.email, id);
  const passwordHash = input.password ? await passwords.hash(input.password) : current.passwordHash;
  const next: AccountRecord = {
    ...current,
    plan: input.plan ?? current.plan,
    xAddon: input.x_addon ?? current.xAddon,
    email: input.email === undefined ? current.email : input.email,
    passwordHash,
    createdAt: input.created_at ?? current.createdAt,
    shareLinks: input.share_links ?? current.shareLinks,
    uploadsEnabled: input.uploads_enabled ?? current.uploadsEnabled,
  };
  repos.accounts.update(next);
  return next;
}
