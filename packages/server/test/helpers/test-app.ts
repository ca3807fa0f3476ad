import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type CreateAppOptions, createApp, type SocialpubApp } from '../../src/app.js';
import { PASSWORD_WORK_FACTOR } from '../../src/domain/passwords.js';
import { checkingAnswers, installContractCheck } from '../contract/answer-recorder.js';

installContractCheck();

export const ADMIN_TOKEN = 'test-admin-token-123';
/** A fixed start so UTC-minute arithmetic in tests is exact. */
export const CLOCK_START = new Date('2026-03-02T10:00:00.000Z');

/**
 * Real-time windows of a URL import (the source check's deadline, the wait before answering 202)
 * roomy enough that an import on busy cores finishes within them; tests about the windows set
 * short ones of their own.
 */
export const ROOMY_IMPORT_WINDOWS = { checkTimeoutMs: 30_000, requestWaitMs: 30_000 };

export interface TestApp extends SocialpubApp {
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  api(method: string, path: string, key: string | null, init?: RequestInit): Promise<Response>;
}

/**
 * The dashboard password hash's work factor test apps use: the lowest allowed, sixteen times
 * cheaper than the default, since the suite signs up and in hundreds of times. The default itself
 * is checked in security/password-hashes.test.ts.
 */
export const TEST_PASSWORD_WORK_FACTOR = PASSWORD_WORK_FACTOR.min;

export async function testApp(options: CreateAppOptions = {}): Promise<TestApp> {
  const socialpub = await createApp({
    memory: true,
    clock: 'virtual',
    clockStart: CLOCK_START,
    adminToken: ADMIN_TOKEN,
    passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
    ...options,
  });
  // Every answer of every test is checked against the OpenAPI document (contract/answer-recorder.ts).
  socialpub.app.fetch = checkingAnswers(socialpub.app.fetch);
  socialpub.fetch = socialpub.app.fetch;
  return {
    ...socialpub,
    admin: async (method, path, body) =>
      socialpub.app.request(`/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    api: async (method, path, key, init = {}) =>
      socialpub.app.request(path, {
        method,
        ...init,
        headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...(init.headers ?? {}) },
      }),
  };
}

export interface Fixture {
  accountId: string;
  apiKey: string;
  keyId: string;
  profileId: string;
}

/** An account with one key and one profile connected to the given networks. */
export async function accountWithProfile(
  t: TestApp,
  networks: Record<string, unknown> = {
    x: {},
    tiktok: { options: { privacy_level_options: ['SELF_ONLY'] } },
  },
  account: Record<string, unknown> = {},
): Promise<Fixture> {
  const created = (await (await t.admin('POST', '/accounts', account)).json()) as { account_id: string };
  const key = (await (
    await t.admin('POST', `/accounts/${created.account_id}/keys`, { name: 'test' })
  ).json()) as {
    api_key: string;
    key_id: string;
  };
  const profile = (await (
    await t.admin('POST', `/accounts/${created.account_id}/profiles`, { name: 'Brand' })
  ).json()) as {
    profile_id: string;
  };
  for (const [platform, body] of Object.entries(networks)) {
    const res = await t.admin('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, body);
    if (res.status !== 200) throw new Error(`connect ${platform}: ${res.status} ${await res.text()}`);
  }
  return {
    accountId: created.account_id,
    apiKey: key.api_key,
    keyId: key.key_id,
    profileId: profile.profile_id,
  };
}

/** Row counts of every table: a refused request must leave them unchanged. */
export function tableCounts(t: SocialpubApp): Record<string, number> {
  const tables = t.services.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    // Bookkeeping a refused request writes too: the log, read counts, a key's "last used".
    if (name === 'request_log' || name === 'read_counters' || name === 'api_key_last_used') continue;
    counts[name] = (t.services.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  }
  return counts;
}

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/**
 * The `socialpub-server` bin a user runs, which loads the build. The process project's global
 * set-up (`test/global-setup.ts`) builds the server first when its sources changed.
 */
export const SERVER_BIN = resolve(REPO_ROOT, 'packages/server/bin/socialpub-server.js');

/** The server's own process (its built bin) on a free port over `dataDir`, for restart and crash tests. */
export function spawnServerProcess(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [SERVER_BIN, '--port', '0', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    env: { ...process.env, SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the address the process says it listens on; rejects when it exits first or takes 150 s (busy cores). */
export function serverListening(child: ChildProcess): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveStart, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 150_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({ child, url: match[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}
