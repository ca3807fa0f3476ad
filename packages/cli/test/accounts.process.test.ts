import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoProfiles,
  demoProfiles,
  parseJson,
  startTestServer,
  type TestServer,
} from './cli-harness.js';

let t: TestServer;
let profiles: DemoProfiles;
beforeAll(async () => {
  t = await startTestServer();
  profiles = await demoProfiles(t);
});
afterAll(() => t.close());

describe('accounts list', () => {
  it('prints the API answer exactly as received with --json', async () => {
    const result = await t.cli(['--json', 'accounts', 'list']);
    expect(result.code).toBe(0);
    const expected = await t.api('GET', '/api/v2/accounts');
    expect(parseJson(result)).toEqual(expected.body);
  });

  it('prints a table with each profile and its networks without --json', async () => {
    const result = await t.cli(['accounts', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PROFILE_ID');
    expect(result.stdout).toContain('@demobrand');
    expect(result.stdout).toContain('pinterest');
  });
});

describe('accounts options', () => {
  it('answers the rows of the named networks', async () => {
    const result = await t.cli([
      'accounts',
      'options',
      profiles.brand,
      '--platforms',
      'tiktok,pinterest',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const body = parseJson<{ data: { networks: { platform: string }[] } }>(result);
    expect(body.data.networks.map((row) => row.platform).sort()).toEqual(['pinterest', 'tiktok']);
  });

  it('exits 2 naming the profiles there are for a word that names none (read as a handle or name)', async () => {
    const result = await t.cli(['accounts', 'options', 'not-a-uuid']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No profile "not-a-uuid" on this account.');
    expect(result.stderr).toContain('Profiles: @demobrand (Demo Brand)');
  });

  it('exits 2 for a profile that is not on the account (404 account_not_found)', async () => {
    const result = await t.cli(['accounts', 'options', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('account_not_found');
  });
});
