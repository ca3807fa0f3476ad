import { apiError, NetworkPutSchema, type Platform, PlatformSchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ConnectionRecord } from '../db/connections-repo.js';
import { connectNetwork, disconnectNetwork, updateConnection } from '../domain/network-connections.js';
import { networkEntry } from '../domain/network-health.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { adminBody, adminNotFound } from './admin-body.js';

function platformParam(c: Context<AppEnv>): Platform {
  const parsed = PlatformSchema.safeParse(c.req.param('platform'));
  if (!parsed.success) {
    throw apiError('bad_request', `Unknown network "${c.req.param('platform')}".`, {
      extra: { parameter: 'platform' },
    });
  }
  return parsed.data;
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
    return c.json(view(connectNetwork(repos, clocks.forAccount(profile.accountId), profile, platform, body)));
  });

  routes.patch('/profiles/:profile_id/networks/:platform', async (c) => {
    const profile = profileOf(c);
    const platform = platformParam(c);
    if (!repos.connections.get(profile.id, platform)) throw adminNotFound('Connection');
    const body = await adminBody(c, NetworkPutSchema);
    const next = updateConnection(repos, clocks.forAccount(profile.accountId), profile, platform, body);
    if (!next) throw adminNotFound('Connection');
    return c.json(view(next));
  });

  routes.delete('/profiles/:profile_id/networks/:platform', (c) => {
    const profile = profileOf(c);
    const platform = platformParam(c);
    if (!disconnectNetwork(repos, profile, platform)) throw adminNotFound('Connection');
    return c.json({ profile_id: profile.id, platform, disconnected: true });
  });

  return routes;
}
