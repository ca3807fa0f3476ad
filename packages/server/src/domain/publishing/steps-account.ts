import {
  apiError,
  isErrorCode,
  isUuid,
  NETWORKS,
  type Platform,
  passesPlanGate,
  resolveProfile,
} from '@socialpub/core';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import type { ProfileRecord } from '../../db/profiles-repo.js';
import { effectiveHealth } from '../network-health.js';
import { type PublishContext, required } from './publish-context.js';
import { upgradeUrl } from './publishing-urls.js';

/**
 * post.accountId: UUID, @handle or name; 403 account_not_found lists the account's profiles. The
 * profile a key's request last named the same way is kept with the key's caller (caches/caller-facts-cache.ts)
 * while no profile was written since: the name resolves to the same profile until then.
 */
export function checkProfile(ctx: PublishContext): void {
  const request = required(ctx.request, 'request');
  const accountId = required(request.accountId, 'accountId');
  const { profiles: repo } = ctx.deps.services.repos;
  const facts = ctx.facts;
  if (facts !== undefined) {
    const kept = facts.profileNamed(accountId, repo.version);
    if (kept !== undefined) {
      ctx.profile = kept;
      return;
    }
  }
  const version = repo.versionToKeep;
  const profile = findProfile(ctx, accountId);
  facts?.keepProfile(accountId, profile, version);
  ctx.profile = profile;
}

function findProfile(ctx: PublishContext, accountId: string): ProfileRecord {
  const { profiles: repo } = ctx.deps.services.repos;
  // A profile's UUID is looked for by id first (resolveProfile's own first rule): one cached row
  // instead of every profile of the account shaped as a candidate on each request.
  const wanted = accountId.trim();
  if (isUuid(wanted)) {
    const byId = repo.getForAccount(ctx.account.id, wanted.toLowerCase());
    if (byId !== null) return byId;
  }
  const profiles = repo.listForAccount(ctx.account.id, 10_000);
  const candidates = profiles.map((p) => ({
    profile_id: p.id,
    profile_name: p.name,
    handle: p.handle,
    record: p,
  }));
  const found = resolveProfile(candidates, accountId);
  if (found.ok) return found.profile.record;
  if (found.reason === 'ambiguous') {
    throw apiError(
      'profile_name_ambiguous',
      `Several profiles are named "${accountId}" apart from case; send the exact name or the profile UUID.`,
    );
  }
  if (ctx.address === 'legacy') {
    // Older addresses: an unknown profile is 404 api_error, not 403 account_not_found.
    throw apiError('api_error', `No profile "${accountId}" on this account.`, { status: 404 });
  }
  throw apiError(
    'account_not_found',
    `No profile "${accountId}" on this account; use one of error.profiles.`,
    {
      extra: {
        profiles: candidates.map(({ profile_id, profile_name, handle }) => ({
          profile_id,
          profile_name,
          handle,
        })),
      },
    },
  );
}

/** Network not connected: 400 api_error; a sign-in needing reconnection: the network's own code. */
export function checkConnection(ctx: PublishContext): void {
  const profile = required(ctx.profile, 'profile');
  const platform = required(ctx.platform, 'platform');
  const connection =
    ctx.batch === null ? connectionOf(ctx, profile, platform) : ctx.batch.connection(profile.id, platform);
  if (connection === null || connection.status !== 'connected') {
    throw apiError('api_error', `${platform} is not connected to profile ${profile.name}.`, { status: 400 });
  }
  if (effectiveHealth(connection, ctx.now) === 'reconnect_required') {
    const { status, code } = NETWORKS[platform].signInRejected;
    // The networks table names the code as a string; an unknown one is a defect of that table.
    if (!isErrorCode(code)) throw new TypeError(`NETWORKS.${platform}.signInRejected: unknown code ${code}`);
    throw apiError(code, `The ${platform} sign-in of this profile expired: reconnect ${platform}.`, {
      status,
    });
  }
  ctx.connection = connection;
}

/** The profile's connection to the network: through the key's kept facts while no connection was written. */
function connectionOf(
  ctx: PublishContext,
  profile: ProfileRecord,
  platform: Platform,
): ConnectionRecord | null {
  const { connections: repo } = ctx.deps.services.repos;
  const facts = ctx.facts;
  let kept = facts?.connectionsOf(profile, repo.version);
  if (kept === undefined) {
    const version = repo.versionToKeep;
    kept = repo.keptForProfile(profile.id);
    facts?.keepConnections(profile, kept, version);
  }
  for (const connection of kept) if (connection.platform === platform) return connection;
  return null;
}

/** Plan gates: skool needs Beginner or higher, x the X add-on; else 403 plan_required. */
export function checkPlanGate(ctx: PublishContext): void {
  const platform = required(ctx.platform, 'platform');
  if (passesPlanGate(platform, ctx.account.plan, ctx.account.xAddon)) return;
  const gate = NETWORKS[platform].planGate;
  const needs = gate.kind === 'plan' ? gate.minimum : 'x_addon';
  throw apiError(
    'plan_required',
    gate.kind === 'x_addon'
      ? 'Posting to x needs the X add-on.'
      : `Posting to ${platform} needs the ${needs} plan or higher.`,
    {
      extra: {
        required: needs,
        platform,
        plan: ctx.account.plan,
        upgrade_url: upgradeUrl(ctx.deps.services.urls.base),
      },
    },
  );
}
