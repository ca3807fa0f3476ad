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

  it('creates an account that signs in to the dashboard with --email and --password or --password-stdin', async () => {
    const { services } = t.server.socialpub;
    const signsIn = async (email: string, password: string) => {
      const hash = services.repos.accounts.findByEmail(email)?.passwordHash ?? '';
      return services.passwords.verify(password, hash);
    };
    const created = await t.cli(
      ['admin', 'accounts', 'create', '--email', 'flag@example.com', '--password', 'flag-password'],
      withToken,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(`${created.stdout}${created.stderr}`).not.toContain('flag-password');
    expect(await signsIn('flag@example.com', 'flag-password')).toBe(true);
    expect(await signsIn('flag@example.com', 'other-password')).toBe(false);

    const piped = await t.cli(
      ['--json', 'admin', 'accounts', 'create', '--email', 'pipe@example.com', '--password-stdin'],
      { ...withToken, input: 'pipe-password\n' },
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).not.toContain('pipe-password');
    expect(await signsIn('pipe@example.com', 'pipe-password')).toBe(true);

    // Refused before anything is sent: nothing is created.
    const before = services.repos.accounts.count();
    const noEmail = await t.cli(['admin', 'accounts', 'create', '--password', 'lonely-password'], withToken);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('A password needs an e-mail to sign in with');
    const both = await t.cli(
      [
        'admin',
        'accounts',
        'create',
        '--email',
        'b@example.com',
        '--password',
        'x-password',
        '--password-stdin',
      ],
      { ...withToken, input: 'y-password' },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--password or --password-stdin, not both');
    // The server's own rule (8 characters at least) answers in words, without the password.
    const short = await t.cli(
      ['admin', 'accounts', 'create', '--email', 'short@example.com', '--password', 'seven77'],
      withToken,
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('password');
    expect(short.stderr).not.toContain('seven77');
    expect(services.repos.accounts.count()).toBe(before);
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

describe('socialpub admin deliveries', () => {
  it('lists, shows and clears what the networks received, as a table or --json', async () => {
    const account = parseJson(await t.cli(['--json', 'admin', 'accounts', 'create'], withToken)) as {
      account_id: string;
    };
    const key = (await t.admin('POST', `/accounts/${account.account_id}/keys`, {})).body as {
      api_key: string;
    };
    const profile = (await t.admin('POST', `/accounts/${account.account_id}/profiles`, { name: 'Bakery' }))
      .body as { profile_id: string };
    await t.admin('PUT', `/profiles/${profile.profile_id}/networks/linkedin`, {});
    const post = {
      accountId: profile.profile_id,
      platform: 'linkedin',
      content: { text: 'Fresh bread at 7' },
    };
    expect((await t.api('POST', '/api/v2/posts', { post }, key.api_key)).status).toBe(200);

    const listed = parseJson(
      await t.cli(
        ['--json', 'admin', 'deliveries', 'list', account.account_id, '--platform', 'linkedin'],
        withToken,
      ),
    ) as { data: Array<{ id: string; text: string; platform: string }>; next_cursor: null };
    expect(listed.data.map((d) => [d.platform, d.text])).toEqual([['linkedin', 'Fresh bread at 7']]);
    const table = await t.cli(['admin', 'deliveries', 'list', account.account_id, '--q', 'bread'], withToken);
    expect(table.stdout).toMatch(/linkedin.*Fresh bread at 7/);
    const none = await t.cli(['admin', 'deliveries', 'list', account.account_id, '--q', 'cake'], withToken);
    expect(none.stdout).toContain('No deliveries.');
    const [first] = listed.data;
    const shown = await t.cli(['admin', 'deliveries', 'get', first?.id ?? ''], withToken);
    expect(shown.stdout).toContain('Fresh bread at 7');
    const missing = await t.cli(['admin', 'deliveries', 'get', 'dlv_0000'], withToken);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('Delivery not found');
    const bad = await t.cli(
      ['admin', 'deliveries', 'list', account.account_id, '--platform', 'myspace'],
      withToken,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('myspace');

    const cleared = parseJson(
      await t.cli(['--json', 'admin', 'deliveries', 'clear', account.account_id], withToken),
    );
    expect(cleared).toEqual({ account_id: account.account_id, deleted: 1 });
    const after = parseJson(
      await t.cli(['--json', 'admin', 'deliveries', 'list', account.account_id], withToken),
    );
    expect(after).toMatchObject({ data: [] });
  }, 180_000);
});

describe('socialpub admin networks rules', () => {
  it('switches a network to lenient rules and back, keeping the rest of its simulate settings', async () => {
    const account = parseJson(await t.cli(['--json', 'admin', 'accounts', 'create'], withToken)) as {
      account_id: string;
    };
    await t.admin('PATCH', `/accounts/${account.account_id}`, { x_addon: true });
    const key = (await t.admin('POST', `/accounts/${account.account_id}/keys`, {})).body as {
      api_key: string;
    };
    const profile = (await t.admin('POST', `/accounts/${account.account_id}/profiles`, { name: 'Bakery' }))
      .body as { profile_id: string };
    await t.admin('PUT', `/profiles/${profile.profile_id}/networks/x`, { simulate: { latency_ms: 0 } });
    const long = {
      post: { accountId: profile.profile_id, platform: 'x', content: { text: 'a'.repeat(300) } },
    };
    expect((await t.api('POST', '/api/v2/posts', { ...long, dryRun: true }, key.api_key)).body).toMatchObject(
      {
        outcome: 'refuse',
        reason: { code: 'x_rejected', status: 400 },
      },
    );

    const lenient = parseJson(
      await t.cli(['--json', 'admin', 'networks', 'rules', profile.profile_id, 'x', 'lenient'], withToken),
    ) as { simulate: Record<string, unknown> };
    expect(lenient.simulate).toEqual({ latency_ms: 0, rules: 'lenient' });
    expect((await t.api('POST', '/api/v2/posts', { ...long, dryRun: true }, key.api_key)).body).toMatchObject(
      {
        outcome: 'publish',
      },
    );

    const wrong = await t.cli(['admin', 'networks', 'rules', profile.profile_id, 'x', 'loose'], withToken);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('real or lenient');
    const real = await t.cli(['admin', 'networks', 'rules', profile.profile_id, 'x', 'real'], withToken);
    expect(real.code).toBe(0);
    expect((await t.api('POST', '/api/v2/posts', { ...long, dryRun: true }, key.api_key)).body).toMatchObject(
      {
        outcome: 'refuse',
      },
    );
  }, 60_000);
});
