import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;

interface OptionsBody {
  data: {
    profile_id: string;
    networks: {
      platform: string;
      status: string;
      cached: boolean;
      error_code: string | null;
      options: Record<string, unknown>;
    }[];
  };
  warnings?: { code: string; parameter: string }[];
}

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t, {
    x: {},
    tiktok: { options: { privacy_level_options: ['SELF_ONLY', 'PUBLIC_TO_EVERYONE'] } },
    facebook: { access_expires_at: '2026-01-01T00:00:00Z' },
    youtube: { access_expires_at: '2026-01-01T00:00:00Z' },
    pinterest: { simulate: { options_error: true } },
    skool: {
      options: { groups: [{ id: 'g1', slug: 'one', name: 'One', labels: [{ id: 'l', name: 'L' }] }] },
    },
  });
});
afterEach(() => t.close());

const options = (query = '') => t.api('GET', `/api/v2/accounts/${f.profileId}/options${query}`, f.apiKey);

describe('GET /api/v2/accounts', () => {
  it('lists profiles oldest first with networks sorted by name and private no-store caching', async () => {
    await t.admin('POST', `/accounts/${f.accountId}/profiles`, {
      name: 'Older',
      created_at: '2020-01-01T00:00:00Z',
    });
    const res = await t.api('GET', '/api/v2/accounts', f.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as {
      data: { profile_name: string; handle: string; networks: { platform: string }[] }[];
    };
    expect(body.data.map((p) => p.profile_name)).toEqual(['Older', 'Brand']);
    expect(body.data[0]?.handle).toBe('@older');
    const names = body.data[1]?.networks.map((n) => n.platform) ?? [];
    expect(names).toEqual([...names].sort());
  });

  it('keeps an expired sign-in ready on self-renewing networks and asks for reconnect elsewhere', async () => {
    const body = (await (await t.api('GET', '/api/v2/accounts', f.apiKey)).json()) as {
      data: { networks: { platform: string; health: string }[] }[];
    };
    const health = Object.fromEntries(body.data[0]?.networks.map((n) => [n.platform, n.health]) ?? []);
    expect(health.youtube).toBe('ready');
    expect(health.facebook).toBe('reconnect_required');
  });

  it('names unknown parameters in warnings', async () => {
    const res = await t.api('GET', '/api/v2/accounts?foo=1', f.apiKey);
    const body = (await res.json()) as { warnings: { code: string; parameter: string }[] };
    expect(body.warnings).toEqual([expect.objectContaining({ code: 'unknown_parameter', parameter: 'foo' })]);
  });
});

describe('GET /api/v2/accounts/{id}/options', () => {
  it('answers every connected network by default, with a row status per network', async () => {
    const res = await options();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const rows = Object.fromEntries(
      ((await res.json()) as OptionsBody).data.networks.map((r) => [r.platform, r]),
    );
    expect(Object.keys(rows).sort()).toEqual(['facebook', 'pinterest', 'skool', 'tiktok', 'x', 'youtube']);
    expect(rows.x?.status).toBe('no_options');
    expect(rows.tiktok?.status).toBe('ok');
    expect(rows.tiktok?.options.privacy_level_options).toEqual(['SELF_ONLY', 'PUBLIC_TO_EVERYONE']);
    expect(rows.facebook?.status).toBe('reconnect_required');
    expect(rows.pinterest?.status).toBe('unavailable');
    expect(rows.skool?.options.labels).toEqual([{ id: 'l', name: 'L' }]);
  });

  it('always answers named networks, not connected ones included', async () => {
    const body = (await (await options('?platforms=threads,tiktok')).json()) as OptionsBody;
    expect(body.data.networks.map((r) => [r.platform, r.status])).toEqual([
      ['threads', 'not_connected'],
      ['tiktok', 'ok'],
    ]);
  });

  it('reuses ok rows for about 90 seconds and marks them cached', async () => {
    const first = (await (await options('?platforms=tiktok')).json()) as OptionsBody;
    expect(first.data.networks[0]?.cached).toBe(false);
    await t.admin('POST', '/clock', { advance_seconds: 60 });
    const second = (await (await options('?platforms=tiktok')).json()) as OptionsBody;
    expect(second.data.networks[0]?.cached).toBe(true);
    await t.admin('POST', '/clock', { advance_seconds: 31 });
    const third = (await (await options('?platforms=tiktok')).json()) as OptionsBody;
    expect(third.data.networks[0]?.cached).toBe(false);
  });

  it('drops reused rows when the connection changes', async () => {
    await options('?platforms=tiktok');
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/tiktok`, {
      options: { privacy_level_options: ['SELF_ONLY'] },
    });
    const body = (await (await options('?platforms=tiktok')).json()) as OptionsBody;
    expect(body.data.networks[0]).toMatchObject({
      cached: false,
      options: { privacy_level_options: ['SELF_ONLY'] },
    });
  });

  it.each([
    ['?platforms=tiktok,myspace', 'platforms'],
    ['?platforms=', 'platforms'],
    [`?skool_group_slug=${'a'.repeat(201)}`, 'skool_group_slug'],
    ['?skool_group_slug=', 'skool_group_slug'],
  ])('answers 400 bad_request for %s naming the parameter', async (query, parameter) => {
    const res = await options(query);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; parameter: string } }).error).toMatchObject({
      code: 'bad_request',
      parameter,
    });
  });

  it('answers 400 with parameter id for a non-UUID id', async () => {
    const res = await t.api('GET', '/api/v2/accounts/not-a-uuid/options', f.apiKey);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { parameter: string } }).error.parameter).toBe('id');
  });

  it('names unknown parameters in warnings and still answers', async () => {
    const body = (await (await options('?platforms=x&colour=red')).json()) as OptionsBody;
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'unknown_parameter', parameter: 'colour' }),
    ]);
    expect(body.data.networks).toHaveLength(1);
  });
});
