import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, parseJson, startTestServer, type TestServer } from './cli-harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const withToken = { env: { SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN } };

describe('socialpub admin', () => {
  it('creates a test clock and an account on it, moves the clock, and deletes both', async () => {
    const clock = parseJson(
      await t.cli(
        ['--json', 'admin', 'clocks', 'create', '--now', '2030-01-01T09:00:00Z', '--name', 'ci'],
        withToken,
      ),
    ) as { clock_id: string; now: string };
    expect(clock.now).toBe('2030-01-01T09:00:00.000Z');
    const account = parseJson(
      await t.cli(['--json', 'admin', 'accounts', 'create', '--clock', clock.clock_id], withToken),
    ) as { account_id: string; clock_id: string; created_at: string };
    expect(account).toMatchObject({ clock_id: clock.clock_id, created_at: '2030-01-01T09:00:00.000Z' });
    const key = await t.cli(['admin', 'keys', 'create', account.account_id, '--name', 'ci'], withToken);
    expect(key.code).toBe(0);
    const apiKey = /api_key\s+(\S+)/.exec(key.stdout)?.[1] ?? '';
    expect((await t.api('GET', '/api/v2/accounts', undefined, apiKey)).status).toBe(200);

    const moved = await t.cli(
      ['admin', 'clocks', 'advance', clock.clock_id, '--seconds', '86400'],
      withToken,
    );
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain('2030-01-02T09:00:00.000Z');
    const shown = await t.cli(['admin', 'clocks', 'get', clock.clock_id], withToken);
    expect(shown.stdout).toContain(account.account_id);
    const back = await t.cli(
      ['admin', 'clocks', 'advance', clock.clock_id, '--to', '2030-01-01T00:00:00Z'],
      withToken,
    );
    expect(back.code).not.toBe(0);
    expect(back.stderr).toContain('backwards');

    const deleted = await t.cli(['--json', 'admin', 'clocks', 'delete', clock.clock_id], {
      env: {},
    });
    expect(deleted.code).not.toBe(0);
    expect(deleted.stderr).toContain('SOCIALPUB_ADMIN_TOKEN');
    const removed = parseJson(
      await t.cli(['--json', 'admin', '--admin-token', ADMIN_TOKEN, 'clocks', 'delete', clock.clock_id]),
    ) as { deleted_accounts: string[] };
    expect(removed.deleted_accounts).toEqual([account.account_id]);
    expect((await t.api('GET', '/api/v2/accounts', undefined, apiKey)).status).toBe(401);
  });

  it('deletes one account and never prints the admin token', async () => {
    const account = parseJson(await t.cli(['--json', 'admin', 'accounts', 'create'], withToken)) as {
      account_id: string;
    };
    const result = await t.cli(['admin', 'accounts', 'delete', account.account_id], withToken);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('deleted');
    const again = await t.cli(['admin', 'accounts', 'delete', account.account_id], withToken);
    expect(again.code).not.toBe(0);
    expect(`${again.stdout}${again.stderr}`).not.toContain(ADMIN_TOKEN);
    expect((await t.admin('GET', `/accounts/${account.account_id}`)).status).toBe(404);
  });
});
