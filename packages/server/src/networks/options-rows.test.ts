import { describe, expect, it } from 'vitest';
import type { NetworkConnection } from './network-driver.js';
import { DEFAULT_OPTIONS_ERROR_CODE, optionsRow } from './options-rows.js';

const now = new Date('2026-11-02T10:00:00.000Z');

function connection(overrides: Partial<NetworkConnection> = {}): NetworkConnection {
  return { username: 'demo', status: 'connected', health: 'ready', options: {}, simulate: {}, ...overrides };
}

const skoolGroups = {
  groups: [
    { id: 'g1', slug: 'makers', name: 'Makers', labels: [{ id: 'l1', name: 'Wins' }] },
    { id: 'g2', slug: 'writers', name: 'Writers', labels: [{ id: 'l2', name: 'Drafts' }] },
  ],
};

describe('optionsRow', () => {
  it('answers ok with the stored options', () => {
    const options = { privacy_level_options: ['SELF_ONLY'], creator_username: 'demo' };
    const row = optionsRow('tiktok', connection({ options }), { now });
    expect(row).toEqual({
      platform: 'tiktok',
      status: 'ok',
      options,
      note: null,
      checked_at: now.toISOString(),
      error_code: null,
    });
  });

  it.each<[NetworkConnection | null, string]>([
    [null, 'not connected at all'],
    [connection({ status: 'disconnected' }), 'a connection that is not connected'],
  ])('answers not_connected for %s (%s)', (given) => {
    const row = optionsRow('pinterest', given, { now });
    expect(row.status).toBe('not_connected');
    expect(row.options).toEqual({});
  });

  it.each([
    ['tiktok', 'REFRESH_TOKEN_EXPIRED'],
    ['facebook', 'reconnect_required'],
    ['x', 'x_rejected'],
  ] as const)('answers reconnect_required for %s with its sign-in code %s', (platform, code) => {
    const row = optionsRow(platform, connection({ health: 'reconnect_required' }), { now });
    expect(row).toMatchObject({ status: 'reconnect_required', error_code: code });
  });

  it.each(['x', 'linkedin', 'threads'] as const)('answers no_options for %s', (platform) => {
    expect(optionsRow(platform, connection(), { now }).status).toBe('no_options');
  });

  it.each(['tiktok', 'instagram', 'facebook', 'youtube', 'pinterest', 'skool'] as const)(
    'answers ok for %s which has options',
    (platform) => {
      expect(optionsRow(platform, connection(), { now }).status).toBe('ok');
    },
  );

  it('answers unavailable with the default code when simulate.options_error is true', () => {
    const row = optionsRow('pinterest', connection({ simulate: { options_error: true } }), { now });
    expect(row).toMatchObject({ status: 'unavailable', error_code: DEFAULT_OPTIONS_ERROR_CODE, options: {} });
  });

  it('answers unavailable with the named code and note', () => {
    const simulate = { options_error: { code: 'rate_limited', message: 'pinterest is busy' } };
    const row = optionsRow('pinterest', connection({ simulate }), { now });
    expect(row).toMatchObject({
      status: 'unavailable',
      error_code: 'rate_limited',
      note: 'pinterest is busy',
    });
  });

  it('gives the labels of the skool group named by skool_group_slug', () => {
    const row = optionsRow('skool', connection({ options: skoolGroups }), { now, skoolGroupSlug: 'writers' });
    expect(row.options).toEqual({
      groups: [
        { id: 'g1', slug: 'makers', name: 'Makers' },
        { id: 'g2', slug: 'writers', name: 'Writers' },
      ],
      group_slug: 'writers',
      labels: [{ id: 'l2', name: 'Drafts' }],
    });
  });

  it('gives no labels and a note when several skool groups exist and none is named', () => {
    const row = optionsRow('skool', connection({ options: skoolGroups }), { now });
    expect(row.options['labels']).toEqual([]);
    expect(row.note).toContain('skool_group_slug');
  });

  it('gives the labels of the only skool group without a slug', () => {
    const options = {
      groups: [{ id: 'g1', slug: 'makers', name: 'Makers' }],
      labels: [{ id: 'l1', name: 'Wins' }],
    };
    const row = optionsRow('skool', connection({ options }), { now });
    expect(row.options).toMatchObject({ group_slug: 'makers', labels: [{ id: 'l1', name: 'Wins' }] });
  });

  it('names an unknown skool group slug in the note', () => {
    const row = optionsRow('skool', connection({ options: skoolGroups }), { now, skoolGroupSlug: 'nope' });
    expect(row.status).toBe('ok');
    expect(row.note).toContain('nope');
  });
});
