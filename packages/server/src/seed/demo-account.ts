import { randomUUID } from 'node:crypto';
import { PLATFORMS, type Platform } from '@socialpub/core';
import type { Clock } from '../clocks/virtual-clock.js';
import type { Database } from '../db/database.js';
import type { Repositories } from '../db/repositories.js';
import { issueApiKey } from '../domain/api-keys.js';
import type { PasswordHasher } from '../domain/passwords.js';
import { DEMO_OPTIONS } from './demo-options.js';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'demo-password';
const SEEDED_SETTING = 'demo_seeded_at';

export interface DemoSeed {
  accountId: string;
  /** Shown once, on the first start; only its digest is stored. */
  apiKey: string;
}

function connect(
  repos: Repositories,
  clock: Clock,
  profileId: string,
  platform: Platform,
  username: string,
): void {
  const now = clock.now();
  repos.connections.put({
    profileId,
    platform,
    username,
    status: 'connected',
    health: 'ready',
    // Sign-ins last a while; the expiry is in the future so every demo network starts `ready`.
    accessExpiresAt: new Date(now.getTime() + 60 * 24 * 3600 * 1000).toISOString(),
    connectedAt: now.toISOString(),
    updatedAt: now.toISOString(),
    options: DEMO_OPTIONS[platform],
    simulate: {},
  });
}

/**
 * The demo account of reference-server.md: plan skilled with the X add-on, "Demo Brand" with all
 * nine networks, "Side Project" with x and linkedin, dashboard sign-in demo@example.com. Runs only
 * on an empty database (first start); returns null otherwise.
 */
export async function seedDemoAccount(
  db: Database,
  repos: Repositories,
  clock: Clock,
  passwords: PasswordHasher,
): Promise<DemoSeed | null> {
  if (repos.settings.get(SEEDED_SETTING) !== null || repos.accounts.count() > 0) return null;
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  // One transaction: a crash while seeding leaves an empty database, so the next start seeds again
  // and prints a key that works.
  return db.transaction((): DemoSeed => {
    const createdAt = clock.now().toISOString();
    const accountId = randomUUID();
    repos.accounts.insert({
      id: accountId,
      plan: 'skilled',
      xAddon: true,
      email: DEMO_EMAIL,
      passwordHash,
      createdAt,
      shareLinks: true,
      uploadsEnabled: true,
      clockId: null,
      deletingSince: null,
      timeZone: null,
    });
    const brand = { id: randomUUID(), accountId, name: 'Demo Brand', handle: '@demobrand', createdAt };
    repos.profiles.insert(brand);
    for (const platform of PLATFORMS) connect(repos, clock, brand.id, platform, 'demobrand');
    const side = { id: randomUUID(), accountId, name: 'Side Project', handle: '@sideproject', createdAt };
    repos.profiles.insert(side);
    connect(repos, clock, side.id, 'x', 'sideproject');
    connect(repos, clock, side.id, 'linkedin', 'sideproject');
    const { apiKey } = issueApiKey(repos, clock, accountId, 'Demo key');
    repos.settings.set(SEEDED_SETTING, createdAt);
    return { accountId, apiKey };
  })();
}
