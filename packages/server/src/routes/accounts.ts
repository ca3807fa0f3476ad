import { LIMITS, PLATFORMS, type Platform } from '@socialpub/core';
import { Hono } from 'hono';
import * as z from 'zod';
import { WORKING_SET } from '../caches/lru-working-set.js';
import { ACCOUNTS_ANSWER_LIMITS, AccountsAnswerCache } from '../domain/accounts-answer.js';
import { listProfiles } from '../domain/profiles.js';
import type { AppEnv } from '../http/context.js';
import { takesOptions } from '../http/no-route.js';
import { NoQuerySchema, parseQuery, requireUuid } from '../http/query.js';
import type { ReadAtOnce } from '../http/read-headers.js';
import { readAnswer, readJsonAnswer } from '../http/read-headers.js';
import type { Services } from '../services.js';

const platformsParameter = z.string().transform((value, ctx): Platform[] => {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(PLATFORMS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        names.length === 0
          ? `name one or more networks (${PLATFORMS.join(', ')})`
          : `unknown network ${unknown.map((n) => `"${n}"`).join(', ')}; networks are ${PLATFORMS.join(', ')}`,
    });
    return z.NEVER;
  }
  return [...new Set(names)] as Platform[];
});

const OptionsQuerySchema = z.object({
  platforms: platformsParameter.optional(),
  skool_group_slug: z
    .string()
    .min(1, 'must be 1 to 200 characters')
    .max(LIMITS.accounts.skoolGroupSlugMaxLength, 'must be 1 to 200 characters')
    .optional(),
});

/** The kept answers of GET /api/v2/accounts, one set per app: the REST read and `/mcp`'s accounts tool answer from it. */
export function keptAccountsAnswers(services: Services): AccountsAnswerCache {
  const answers = new AccountsAnswerCache(services.repos, services.db, ACCOUNTS_ANSWER_LIMITS, WORKING_SET);
  // A deleted account's answer goes with it (caches/per-account-caches.ts).
  services.repos.caches.add(answers);
  return answers;
}

/**
 * GET /api/v2/accounts: the account's profiles, answered from the kept answer (accounts-answer.ts).
 * It answers at once, as every read does, so the pipeline answers it in the request's turn.
 */
export function accountsRead(
  services: Services,
  answers: AccountsAnswerCache = keptAccountsAnswers(services),
): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    const now = c.get('callerNow');
    services.readLimiter.take(account.id, 'accounts', now);
    const { warnings } = parseQuery(c, NoQuerySchema, []);
    if (warnings.length > 0)
      return readAnswer({ data: listProfiles(services.repos, account.id, now), warnings });
    return readJsonAnswer(answers.json(account.id, now));
  };
}

/** GET /api/v2/accounts/{id}/options: what each network of a profile allows. */
export function optionsRead(services: Services): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    services.readLimiter.take(account.id, 'options', c.get('callerNow'));
    const profileId = requireUuid(c.req.param('id') as string);
    const { value, warnings } = parseQuery(c, OptionsQuerySchema, ['platforms', 'skool_group_slug']);
    const data = services.postingOptions.read(account.id, profileId, {
      platforms: value.platforms,
      skoolGroupSlug: value.skool_group_slug,
    });
    return readAnswer(warnings.length > 0 ? { data, warnings } : { data });
  };
}

/** GET /api/v2/accounts and GET /api/v2/accounts/{id}/options (reads: /api/v2 only), from `reads` (api-reads.ts). */
export function accountsRoutes(reads: AccountsReads): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/accounts', takesOptions(reads.accounts));
  routes.get('/accounts/:id/options', takesOptions(reads.options));
  return routes;
}

export interface AccountsReads {
  accounts: ReadAtOnce;
  options: ReadAtOnce;
}
