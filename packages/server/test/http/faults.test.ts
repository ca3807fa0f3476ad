import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

describe('faults', () => {
  it('answers a before fault in the address family, with Retry-After, for the given number of times', async () => {
    const res = await t.admin('POST', '/faults', {
      match: { method: 'GET', path: '/api/v2/accounts' },
      answer: { status: 503, code: 'caller_check_unavailable', retry_after_seconds: 5 },
      times: 2,
    });
    expect(res.status).toBe(201);
    const { fault_id } = (await res.json()) as { fault_id: string };
    expect(
      ((await (await t.admin('GET', '/faults')).json()) as { data: { fault_id: string; times: number }[] })
        .data,
    ).toEqual([expect.objectContaining({ fault_id, times: 2 })]);
    for (let i = 0; i < 2; i++) {
      const hit = await t.api('GET', '/api/v2/accounts', f.apiKey);
      expect(hit.status).toBe(503);
      expect(hit.headers.get('retry-after')).toBe('5');
      expect(hit.headers.get('x-socialpub-fault')).toBe(fault_id);
      expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await hit.json()) as { error: { code: string } }).error.code).toBe('caller_check_unavailable');
    }
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    expect(((await (await t.admin('GET', '/faults')).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('uses the media-import shape on the media address', async () => {
    await t.admin('POST', '/faults', {
      match: { path: '/api/v2/media' },
      answer: { status: 500, code: 'server_error' },
    });
    const res = await t.api('POST', '/api/v2/media', f.apiKey, { body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: 'server_error' });
  });

  it('does the work and then replaces the answer with an after fault', async () => {
    await t.admin('POST', '/faults', {
      match: { path: '/api/v2/accounts/' },
      answer: { status: 502, code: 'upstream_unavailable' },
      when: 'after',
    });
    const res = await t.api('GET', `/api/v2/accounts/${f.profileId}/options`, f.apiKey);
    expect(res.status).toBe(502);
    const usage = t.services.readLimiter.usage(f.accountId);
    expect(usage.options_reads).toBe(1);
  });

  it('matches by account only for that account', async () => {
    const other = await accountWithProfile(t);
    await t.admin('POST', '/faults', {
      match: { account_id: other.accountId },
      answer: { status: 500, code: 'server_error' },
    });
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    expect((await t.api('GET', '/api/v2/accounts', other.apiKey)).status).toBe(500);
  });

  it('drops the connection in process by rejecting the request', async () => {
    await t.admin('POST', '/faults', { answer: 'drop' });
    await expect(t.api('GET', '/api/v2/accounts', f.apiKey)).rejects.toThrow(/fetch failed/);
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
  });

  it('disarms a fault', async () => {
    const { fault_id } = (await (
      await t.admin('POST', '/faults', { answer: { status: 500, code: 'server_error' } })
    ).json()) as {
      fault_id: string;
    };
    expect((await t.admin('DELETE', `/faults/${fault_id}`)).status).toBe(200);
    expect((await t.admin('DELETE', `/faults/${fault_id}`)).status).toBe(404);
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
  });
});

describe('request log', () => {
  it('keeps method, path, status, error code and idempotency key, never the key or body', async () => {
    await t.api('GET', '/api/v2/accounts?x=1', f.apiKey);
    await t.api('POST', '/api/v2/accounts', f.apiKey, {
      headers: { 'idempotency-key': 'abc' },
      body: '{"secret":"s3"}',
    });
    await t.api('GET', '/api/v2/accounts', 'sp_live_bad');
    const res = await t.admin('GET', `/requests?account_id=${f.accountId}`);
    const { data } = (await res.json()) as { data: Record<string, unknown>[] };
    expect(data.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/v2/accounts', 405],
      ['GET', '/api/v2/accounts', 200],
    ]);
    expect(data[0]).toMatchObject({
      error: { code: 'method_not_allowed' },
      idempotency_key: 'abc',
      replayed: false,
    });
    const all = await (await t.admin('GET', '/requests?limit=1')).json();
    expect((all as { data: { status: number }[] }).data).toEqual([expect.objectContaining({ status: 401 })]);
    const text = JSON.stringify(await (await t.admin('GET', '/requests')).json());
    expect(text).not.toContain(f.apiKey);
    expect(text).not.toContain('s3');
  });

  it('keeps at most 1,000 requests, the newest, in the list and in the table', async () => {
    for (let i = 0; i < 1005; i++) {
      t.services.repos.requestLog.add({
        atMs: Date.UTC(2026, 0, 1, 0, 0, i),
        method: 'GET',
        path: `/p${i}`,
        status: 200,
        errorCode: null,
        durationMs: 1,
        accountId: null,
        clientAddress: null,
        idempotencyKey: null,
        replayed: false,
      });
    }
    const listed = (await (await t.admin('GET', '/requests?limit=1000')).json()) as {
      data: { path: string }[];
    };
    expect(listed.data).toHaveLength(1000);
    expect(listed.data[0]?.path).toBe('/p1004');
    expect(listed.data[999]?.path).toBe('/p5');
    t.services.repos.writeBehind.flush();
    const rows = t.services.db.prepare('SELECT path FROM request_log ORDER BY id').all() as {
      path: string;
    }[];
    expect(rows).toHaveLength(1000);
    expect(rows[0]?.path).toBe('/p5');
    expect(rows[999]?.path).toBe('/p1004');
  });
});
