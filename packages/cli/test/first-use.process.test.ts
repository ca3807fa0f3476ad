import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  type DemoProfiles,
  demoProfiles,
  parseJson,
  startTestServer,
  type TestServer,
} from './cli-harness.js';

// What a person meets first: a server that is not running, a profile that is not theirs, a key
// they mistyped, a clock to move, an upload in a log. Each answer says what happened and what to do.

let t: TestServer;
let profiles: DemoProfiles;
beforeAll(async () => {
  t = await startTestServer();
  profiles = await demoProfiles(t);
});
afterAll(() => t.close());

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const withToken = { env: { SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN } };

describe('a server that is not running', () => {
  it('exits 1 at once naming the address tried and how to start the server, with no resend', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const result = await t.cli(['accounts', 'list'], { env: { SOCIALPUB_BASE_URL: down } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: connection: Could not connect to ${down}: connection refused`);
    expect(result.stderr).toContain('`npm start`');
    expect(result.stderr).toContain('(this one is SOCIALPUB_BASE_URL)');
    expect(result.stderr).not.toMatch(/waiting|retry \d of/);
  }, 60_000);

  it('says which setting gave the address when it was --base-url', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const result = await t.cli(['--base-url', down, 'posts', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(this one is --base-url)');
  }, 60_000);
});

describe('a profile that is not on the account', () => {
  it('exits 2, not the authentication status, listing the profiles the key can use', async () => {
    const other = parseJson<{ account_id: string }>(
      await t.cli(['--json', 'admin', 'accounts', 'create'], withToken),
    );
    const foreign = await t.admin('POST', `/accounts/${other.account_id}/profiles`, { name: 'Not Yours' });
    const foreignId = (foreign.body as { profile_id: string }).profile_id;
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      foreignId,
      '--platform',
      'x',
      '--text',
      'hi',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('account_not_found (HTTP 403)');
    expect(result.stderr).toContain(`@demobrand (Demo Brand, ${profiles.brand})`);
    expect(result.stderr).toContain(`@sideproject (Side Project, ${profiles.side})`);
    // Only the key's own profiles are named, never the other account's.
    expect(result.stderr).not.toContain('Not Yours');
  }, 60_000);
});

describe('advice under an API error', () => {
  it('adds nothing under a refusal whose message says what to fix', async () => {
    const result = await t.cli(['posts', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'error: post_not_found (HTTP 404): No post or scheduled post with this id on the account.',
    ]);
  }, 60_000);
});

describe('login checks the key before saving it', () => {
  it('saves nothing and exits 3 when the server refuses the key', async () => {
    const config = join(t.configDir, 'checked', 'config.json');
    const result = await t.cli(['login', '--api-key-stdin'], {
      input: 'sp_live_mistyped_key_0000000000\n',
      env: { SOCIALPUB_API_KEY: undefined, SOCIALPUB_CONFIG_DIR: join(t.configDir, 'checked') },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('unauthorized (HTTP 401)');
    expect(result.stdout + result.stderr).not.toContain('mistyped_key');
    expect(existsSync(config)).toBe(false);
  }, 60_000);

  it('saves nothing and exits 1 when no server answers', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const dir = join(t.configDir, 'unchecked');
    const result = await t.cli(['login', '--api-key-stdin', '--base-url', down], {
      input: `${t.apiKey}\n`,
      env: { SOCIALPUB_API_KEY: undefined, SOCIALPUB_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(down);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  }, 60_000);

  it('says where it checked and which profiles the key sees when it saves', async () => {
    const result = await t.cli(['login', '--api-key-stdin'], {
      input: `${t.apiKey}\n`,
      env: { SOCIALPUB_API_KEY: undefined, SOCIALPUB_CONFIG_DIR: join(t.configDir, 'good') },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Checked: ${t.url} accepts the key (profiles @demobrand, @sideproject).`);
    expect(existsSync(join(t.configDir, 'good', 'config.json'))).toBe(true);
  }, 60_000);
});

describe('admin clocks advance', () => {
  it('takes the seconds as a second argument, as the README writes it', async () => {
    const clock = parseJson<{ clock_id: string }>(
      await t.cli(['--json', 'admin', 'clocks', 'create', '--now', '2030-01-01T09:00:00Z'], withToken),
    );
    const moved = await t.cli(['admin', 'clocks', 'advance', clock.clock_id, '3600'], withToken);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain('2030-01-01T10:00:00.000Z');
    const same = await t.cli(
      ['admin', 'clocks', 'advance', clock.clock_id, '60', '--seconds', '60'],
      withToken,
    );
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('2030-01-01T10:01:00.000Z');
  }, 60_000);

  it.each([
    [['60', '--seconds', '30'], 'Give the seconds once: 60 and --seconds 30 differ.'],
    [['soon'], 'The seconds must be a number, 0 or more'],
    [['60', '--to', '2030-01-02T00:00:00Z'], 'Give exactly one of <seconds>'],
    [[], 'Give exactly one of <seconds>'],
  ])(
    'exits 2 for %j, moving nothing: %s',
    async (rest, message) => {
      const clock = parseJson<{ clock_id: string; now: string }>(
        await t.cli(['--json', 'admin', 'clocks', 'create', '--now', '2030-01-01T09:00:00Z'], withToken),
      );
      const result = await t.cli(['admin', 'clocks', 'advance', clock.clock_id, ...rest], withToken);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('socialpub admin clocks advance <clock_id> <seconds>');
      const after = await t.admin('GET', `/clocks/${clock.clock_id}`);
      expect((after.body as { now: string }).now).toBe(clock.now);
    },
    60_000,
  );
});

describe('sizes and progress for people', () => {
  it('prints upload progress on stderr when it is not a terminal, and sizes in MB', async () => {
    const path = join(t.configDir, 'clip.jpg');
    const body = Buffer.alloc(1_572_864, 7);
    body.set([0xff, 0xd8, 0xff, 0xe0]);
    await writeFile(path, body);
    const result = await t.cli(['media', 'upload', path]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('progress: 1.5 MB of 1.5 MB (100%)');
    const line = JSON.parse(result.stdout.trim()) as { file_id: string };
    const status = await t.cli(['media', 'status', line.file_id]);
    expect(status.stdout).toMatch(/size\s+1\.5 MB \(1,572,864 bytes\)/);
    const list = await t.cli(['media', 'list']);
    expect(list.stdout).toMatch(/clip\.jpg\s+\S+\s+1\.5 MB/);
  }, 60_000);
});
