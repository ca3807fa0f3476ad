import { apiError } from '@socialpub/core';
import type { Context } from 'hono';
import type { Clock } from '../clocks/virtual-clock.js';
import type { Repositories } from '../db/repositories.js';
import { bearerToken, resolveApiKey } from '../domain/api-keys.js';
import type { AccountClockLookup } from '../domain/clocks/account-clocks.js';
import type { AppEnv } from './context.js';

/**
 * Authentication, rules 1 and 3: `Authorization: Bearer <key>` (Bearer in any capitalisation);
 * missing, unknown or revoked keys all answer 401 `unauthorized` in the address's body family
 * (`api_error` on the older posts address, see address.ts). The key is never logged or echoed.
 * Sets the caller, or throws the refusal; synchronous, so the pipeline runs it inline.
 * `clocks`: the account clocks (a key's last use is stamped on its account's clock), or one clock in unit tests.
 * `taken`: a time the caller already read from a clock this request (the pipeline's log record),
 * used when it is the account's clock, so the request asks its clock once.
 */
export function authenticate(
  c: Context<AppEnv>,
  repos: Repositories,
  clocks: Clock | AccountClockLookup,
  taken?: { clock: Clock; now: Date },
): void {
  const presented = bearerToken(c.req.header('authorization'));
  const caller = presented === null ? null : resolveApiKey(repos, presented);
  if (!caller) {
    throw apiError(
      'unauthorized',
      presented === null
        ? 'Send your API key as "Authorization: Bearer <API_KEY>".'
        : 'This API key is not valid or was revoked.',
    );
  }
  if (caller.account.deletingSince !== null) {
    // The API document gives upload links `account_being_deleted`; every other address answers as
    // for a key that no longer works, which it is about to be (docs/reference-server.md, "Deleting an account").
    if (c.req.path.startsWith('/api/v2/media/uploads')) {
      throw apiError('account_being_deleted', 'This account is being deleted; it takes no new uploads.');
    }
    throw apiError(
      'unauthorized',
      'This API key is not valid or was revoked (its account is being deleted).',
    );
  }
  c.set('caller', caller);
  const now = callerTime(clocks, caller.account.id, taken);
  c.set('callerNow', now);
  // API management shows when a key was last used (written at most once a minute per key).
  repos.apiKeyLastUsed.touch(caller.apiKey.id, now, caller.facts);
}

/**
 * The time on the caller's account clock that the request's bookkeeping and answer share: `taken`
 * (already read from the server's clock this request) when that is the account's clock.
 */
export function callerTime(
  clocks: Clock | AccountClockLookup,
  accountId: string,
  taken?: { clock: Clock; now: Date },
): Date {
  const clock = 'forAccount' in clocks ? clocks.forAccount(accountId) : clocks;
  return taken !== undefined && taken.clock === clock ? taken.now : clock.now();
}
