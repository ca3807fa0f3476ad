import { describe, expect, it } from 'vitest';
import type { ConnectionRecord } from '../../src/db/connections-repo.js';
import { effectiveHealth } from '../../src/domain/network-health.js';

/**
 * A sign-in's expiry is read from the record's text once and kept beside the record (the kept
 * connections are shared by every check); a record whose text changed must be read anew.
 */
function connection(accessExpiresAt: string | null): ConnectionRecord {
  return {
    profileId: 'prof-1',
    platform: 'threads',
    username: 'brand',
    status: 'connected',
    health: 'ready',
    accessExpiresAt,
    connectedAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    options: {},
    simulate: {},
  };
}

describe('the effective health of a sign-in with an expiry', () => {
  it('turns at the expiry instant, on a network that does not renew it', () => {
    const record = Object.freeze(connection('2026-03-02T10:00:00.000Z'));
    expect(effectiveHealth(record, new Date('2026-03-02T09:59:59.999Z'))).toBe('ready');
    expect(effectiveHealth(record, new Date('2026-03-02T10:00:00.000Z'))).toBe('reconnect_required');
    expect(effectiveHealth({ ...record, platform: 'x' }, new Date('2026-03-03T00:00:00.000Z'))).toBe('ready');
    expect(effectiveHealth(connection(null), new Date('2100-01-01T00:00:00.000Z'))).toBe('ready');
  });

  it('follows a record whose expiry text changed after it was read', () => {
    const record = connection('2026-03-02T10:00:00.000Z');
    const now = new Date('2026-03-02T12:00:00.000Z');
    expect(effectiveHealth(record, now)).toBe('reconnect_required');
    record.accessExpiresAt = '2026-03-09T10:00:00.000Z';
    expect(effectiveHealth(record, now)).toBe('ready');
  });
});
