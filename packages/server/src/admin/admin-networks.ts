import { apiError, type Platform, PlatformSchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ConnectionRecord } from '../db/connections-repo.js';
import { networkEntry } from '../domain/network-health.js';
import type { AppEnv } from '../http/context.js';
import { parseSimulateSettings } from '../networks/index.js';
import type { Services } from '../services.js';
import { adminBody, adminNotFound } from './admin-body.js';
import { NetworkPutSchema } from './admin-schemas.js';

function platformParam(c: Context<AppEnv>): Platform {
  const parsed = PlatformSchema.safeParse(c.req.param('platform'));
  if (!parsed.success) {
    throw apiError('bad_request', `Unknown network "${c.req.param('platform')}".`, {
      extra: { parameter: 'platform' },
    });
  }
  return parsed.data;
}

/** `simulate` is validated by the network drivers' own schema, so a typo fails here, not at posting time. */
function checkedSimulate(raw: unknown): Record<string, unknown> {
  const parsed = parseSimulateSettings(raw);
  if (!parsed.ok) throw apiError('bad_request', parsed.message, { extra: { parameter: 'simulate' } });
  return parsed.settings;
}

/** Admin rows PUT/PATCH/DELETE /profiles/{profile_id}/networks/{platform}. */
export function adminNetworksRoutes(services: Services): Hono<AppEnv> {
  const { repos, clocks } = services;
  const routes = new Hono<AppEnv>();
  /** The profile's account's clock (a test clock, or the server's). */
  const clockOfProfile = (profileId: string) =>
    clocks.forAccount(repos.profiles.get(profileId)?.accountId ?? '');
  const view = (connection: ConnectionRecord) => ({
    ...networkEntry(connection, clockOfProfile(connection.profileId).now()),
    options: connection.options,
    simulate: connection.simulate,
  });
  const profileOf = (c: Context<AppEnv>) => {
    const profile = repos.profiles.get(c.req.param('profile_id') ?? '');
    if (!profile) throw adminNotFound('Profile');
    return profile;
  };

  routes.put('/profiles/:profile_id/networks/:platform', async (c) => {
    const profile = profileOf(c);
    const platform = platformParam(c);
    const body = await adminBody(c, NetworkPutSchema);
    const now = clocks.forAccount(profile.accountId).now().toISOString();
    const connection: ConnectionRecord = {
      profileId: profile.id,
      platform,
      username: body.username ?? profile.handle.replace(/^@/, ''),
      status: body.status ?? 'connected',
      health: body.health ?? 'ready',
      accessExpiresAt: body.access_expires_at ?? null,
      connectedAt: now,
      updatedAt: now,
      options: body.options ?? {},
      simulate: checkedSimulate(body.simulate),
    };
    repos.connections.put(connection);
    repos.optionsCache.invalidate(profile.id, platform);
    return c.json(view(connection));
  });

  routes.patch('/profiles/:profile_id/networks/:platform', async (c) => {
    const profile = profileOf(c);
    const platform = platformParam(c);
    const current = repos.connections.get(profile.id, platform);
    if (!current) throw adminNotFound('Connection');
    const body = await adminBody(c, NetworkPutSchema);
    const signInChanged =
      body.username !== undefined ||
      body.status !== undefined ||
      body.health !== undefined ||
      body.access_expires_at !== undefined;
    const next: ConnectionRecord = {
      ...current,
      username: body.username ?? current.username,
      status: body.status ?? current.status,
      health: body.health ?? current.health,
      accessExpiresAt:
        body.access_expires_at === undefined ? current.accessExpiresAt : body.access_expires_at,
      // Network entry: updated_at is when the sign-in last changed, not when options or simulate did.
      updatedAt: signInChanged ? clocks.forAccount(profile.accountId).now().toISOString() : current.updatedAt,
      options: body.options ?? current.options,
      simulate: body.simulate === undefined ? current.simulate : checkedSimulate(body.simulate),
    };
    repos.connections.put(next);
    repos.optionsCache.invalidate(profile.id, platform);
    return c.json(view(next));
  });

  routes.delete('/profiles/:profile_id/networks/:platform', (c) => {
    const profile = profileOf(c);
    const platform = platformParam(c);
    if (!repos.connections.delete(profile.id, platform)) throw adminNotFound('Connection');
    repos.optionsCache.invalidate(profile.id, platform);
    return c.json({ profile_id: profile.id, platform, disconnected: true });
  });

  return routes;
}
