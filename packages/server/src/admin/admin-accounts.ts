import {
  AccountCreateSchema,
  KeyCreateSchema,
  LIMITS,
  MediaCreateSchema,
  ProfileCreateSchema,
} from '@socialpub/core';
import { Hono } from 'hono';
import { accountView, createAccount, patchAccount } from '../domain/accounts.js';
import { issueApiKey, revokeApiKey } from '../domain/api-keys.js';
import { addDashboardFile, libraryItemView } from '../domain/dashboard-media.js';
import { createProfile, profileRecord } from '../domain/profiles.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { adminBody, adminNotFound } from './admin-body.js';

/** Admin rows for accounts, keys, profiles, the outbox and dashboard media (reference-server.md). */
export function adminAccountsRoutes(services: Services): Hono<AppEnv> {
  const { repos, clocks } = services;
  const routes = new Hono<AppEnv>();
  const account = (id: string) => {
    const found = repos.accounts.get(id);
    if (!found) throw adminNotFound('Account');
    return found;
  };

  routes.post('/accounts', async (c) => {
    const body = await adminBody(c, AccountCreateSchema);
    return c.json(accountView(await createAccount(repos, clocks, services.passwords, body)), 201);
  });

  routes.patch('/accounts/:account_id', async (c) => {
    const body = await adminBody(c, AccountCreateSchema);
    const updated = await patchAccount(repos, services.passwords, c.req.param('account_id'), body);
    if (!updated) throw adminNotFound('Account');
    return c.json(accountView(updated));
  });

  routes.get('/accounts/:account_id', (c) => {
    const found = account(c.req.param('account_id'));
    const now = clocks.forAccount(found.id).now();
    const usage: Record<string, unknown> = { reads: services.readLimiter.usage(found.id) };
    for (const contribute of services.usageContributors) Object.assign(usage, contribute(found.id, now));
    return c.json({
      ...accountView(found),
      profiles: repos.profiles.listForAccount(found.id, 10_000).map((p) => profileRecord(repos, p, now)),
      keys: repos.apiKeys.listForAccount(found.id).map((key) => ({
        key_id: key.id,
        name: key.name,
        prefix: key.prefix,
        created_at: key.createdAt,
        revoked_at: key.revokedAt,
      })),
      usage,
    });
  });

  routes.delete('/accounts/:account_id', async (c) => {
    const id = c.req.param('account_id');
    if (!(await services.accountDeletion.delete(id))) throw adminNotFound('Account');
    return c.json({ account_id: id, deleted: true });
  });

  routes.post('/accounts/:account_id/keys', async (c) => {
    const found = account(c.req.param('account_id'));
    const body = await adminBody(c, KeyCreateSchema);
    const { record, apiKey } = issueApiKey(
      repos,
      clocks.forAccount(found.id),
      found.id,
      body.name ?? 'API key',
    );
    return c.json(
      { key_id: record.id, name: record.name, api_key: apiKey, created_at: record.createdAt },
      201,
    );
  });

  routes.delete('/keys/:key_id', (c) => {
    const key = repos.apiKeys.get(c.req.param('key_id'));
    const revoked = key && revokeApiKey(repos, clocks.forAccount(key.accountId), key.id);
    if (!revoked) throw adminNotFound('Key');
    return c.json({ key_id: revoked.id, revoked_at: revoked.revokedAt });
  });

  routes.post('/accounts/:account_id/profiles', async (c) => {
    const found = account(c.req.param('account_id'));
    const body = await adminBody(c, ProfileCreateSchema);
    const clock = clocks.forAccount(found.id);
    const profile = createProfile(repos, clock, found.id, body);
    return c.json(profileRecord(repos, profile, clock.now()), 201);
  });

  routes.get('/accounts/:account_id/outbox', (c) => {
    const found = account(c.req.param('account_id'));
    const data = repos.outbox.listForAccount(found.id).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      body: m.body,
      created_at: m.createdAt,
    }));
    return c.json({ data });
  });

  routes.post('/accounts/:account_id/media', async (c) => {
    const found = account(c.req.param('account_id'));
    const body = await adminBody(c, MediaCreateSchema, LIMITS.dashboard.uploadBodyMaxBytes);
    const file = addDashboardFile(repos, clocks.forAccount(found.id), services.mediaFolder, found.id, {
      fileName: body.file_name,
      bytes: Buffer.from(body.content_base64, 'base64'),
      confirmBeforePosting: body.confirm_before_posting ?? false,
    });
    return c.json(libraryItemView(file), 201);
  });

  return routes;
}
