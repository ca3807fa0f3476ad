import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, startTestServer, type TestServer } from './cli-harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function everything(result: CliResult): string {
  return result.stdout + result.stderr;
}

const noKey = { SOCIALPUB_API_KEY: undefined };

describe('login and logout', () => {
  it('saves the key from stdin in config.json with mode 600 in a 700 folder and never prints it', async () => {
    const result = await t.cli(['login', '--api-key-stdin'], { input: `${t.apiKey}\n`, env: noKey });
    expect(result.code).toBe(0);
    // `--help` says the key is never printed: not even its prefix.
    expect(everything(result)).not.toContain(t.apiKey.slice(0, 6));
    expect(everything(result)).not.toContain(t.apiKey.slice(-8));
    expect(result.stdout).toContain('Saved the API key to');
    const json = await t.cli(['login', '--api-key-stdin', '--json'], { input: t.apiKey, env: noKey });
    expect(JSON.parse(json.stdout)).not.toHaveProperty('api_key');
    expect(everything(json)).not.toContain(t.apiKey.slice(0, 6));
    const path = join(t.configDir, 'config.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(t.configDir)).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(await readFile(path, 'utf8')) as { api_key: string };
    expect(saved.api_key).toBe(t.apiKey);
  });

  it('uses the saved key when neither flag nor environment gives one', async () => {
    await t.cli(['login', '--api-key-stdin'], { input: t.apiKey, env: noKey });
    const result = await t.cli(['--json', 'accounts', 'list'], { env: noKey });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).data.length).toBeGreaterThan(0);
  });

  it('lets the environment win over the file and the flag win over the environment', async () => {
    await t.cli(['login', '--api-key-stdin'], { input: t.apiKey, env: noKey });
    const envWins = await t.cli(['accounts', 'list'], {
      env: { SOCIALPUB_API_KEY: 'sp_wrong_key_from_env' },
    });
    expect(envWins.code).toBe(3);
    expect(envWins.stderr).toContain('unauthorized');
    const flagWins = await t.cli(['accounts', 'list', '--api-key', t.apiKey], {
      env: { SOCIALPUB_API_KEY: 'sp_wrong_key_from_env' },
    });
    expect(flagWins.code).toBe(0);
    expect(everything(flagWins)).not.toContain(t.apiKey);
  });

  it('never prints a refused key, even in the error', async () => {
    const wrong = 'sp_live_this_is_a_secret_key_123456';
    const result = await t.cli(['accounts', 'list', '--api-key', wrong]);
    expect(result.code).toBe(3);
    expect(everything(result)).not.toContain(wrong);
  });

  it('removes the saved key on logout, after which commands exit 3 with a hint', async () => {
    await t.cli(['login', '--api-key-stdin'], { input: t.apiKey, env: noKey });
    const out = await t.cli(['logout'], { env: noKey });
    expect(out.code).toBe(0);
    const result = await t.cli(['accounts', 'list'], { env: noKey });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/socialpub login/);
  });

  it('saves --base-url with the key so later commands need neither variable', async () => {
    const saved = await t.cli(['login', '--api-key-stdin', '--base-url', t.url], {
      input: t.apiKey,
      env: noKey,
    });
    expect(saved.code).toBe(0);
    const result = await t.cli(['accounts', 'list'], { env: { ...noKey, SOCIALPUB_BASE_URL: undefined } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('@demobrand');
  });

  it('refuses an empty key from stdin with exit 2', async () => {
    const result = await t.cli(['login', '--api-key-stdin'], { input: '\n', env: noKey });
    expect(result.code).toBe(2);
  });
});

describe('global flags', () => {
  it('answers --version and --help with exit 0 and documents the exit statuses', async () => {
    const version = await t.cli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await t.cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit status');
    expect(help.stdout).toContain('4  rate limited');
  });

  it('exits 2 on an unknown command and on a bad --timeout', async () => {
    expect((await t.cli(['posts', 'lst'])).code).toBe(2);
    expect((await t.cli(['accounts', 'list', '--timeout', 'soon'])).code).toBe(2);
  });

  it('exits 1 naming the connection when nothing listens at the base URL', async () => {
    const result = await t.cli(['accounts', 'list'], { env: { SOCIALPUB_BASE_URL: 'http://127.0.0.1:9' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('connection');
  });
});
