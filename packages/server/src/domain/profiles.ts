import { randomUUID } from 'node:crypto';
import { LIMITS, type Profile } from '@socialpub/core';
import type { Clock } from '../clocks/virtual-clock.js';
import type { ProfileRecord } from '../db/profiles-repo.js';
import type { Repositories } from '../db/repositories.js';
import { networkEntry } from './network-health.js';

export function profileRecord(repos: Repositories, profile: ProfileRecord, now: Date): Profile {
  return {
    profile_id: profile.id,
    profile_name: profile.name,
    handle: profile.handle,
    created_at: profile.createdAt,
    networks: repos.connections.listForProfile(profile.id).map((c) => networkEntry(c, now)),
  };
}

/** GET /accounts: up to 100 profiles, oldest first, networks sorted by name. */
export function listProfiles(repos: Repositories, accountId: string, now: Date): Profile[] {
  return repos.profiles
    .listForAccount(accountId, LIMITS.accounts.maxProfilesListed)
    .map((profile) => profileRecord(repos, profile, now));
}

/** A handle has the form `@name`; by default it is made from the profile name. */
function handleFrom(nameOrHandle: string): string {
  const bare = nameOrHandle
    .trim()
    .replace(/^@+/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '');
  return `@${bare || 'profile'}`;
}

/** A new profile (admin API and dashboard): the handle defaults to one made from the name. */
export function createProfile(
  repos: Repositories,
  clock: Clock,
  accountId: string,
  input: { name: string; handle?: string | undefined; created_at?: string | undefined },
): ProfileRecord {
  const profile: ProfileRecord = {
    id: randomUUID(),
    accountId,
    name: input.name,
    handle: handleFrom(input.handle ?? input.name),
    createdAt: input.created_at ?? clock.now().toISOString(),
  };
  repos.profiles.insert(profile);
  return profile;
}
