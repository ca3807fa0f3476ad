import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@socialpub/server';

export const ADMIN_TOKEN = 'cli-test-admin-token';
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  /** The seeded demo account's key (plan skilled, every network on "Demo Brand"). */
  apiKey: string;
  configDir: string;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: unknown }>;
  /** Runs `node dist/bin.js ...args` with a private config folder and this server's address. */
  cli(args: readonly string[], options?: CliRunOptions): Promise<CliResult>;
  close(): Promise<void>;
}

/** The binary as a child process; every SOCIALPUB_* variable of the test's own environment is dropped. */
export function runBinary(
  args: readonly string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<CliResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SOCIALPUB_')),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...base, NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

async function call(url: string, method: string, token: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

export async function startTestServer(options: { importAllow?: string[] } = {}): Promise<TestServer> {
  const server = await startServer(
    {
      memory: true,
      clock: 'virtual',
      host: '127.0.0.1',
      port: 0,
      adminToken: ADMIN_TOKEN,
      seedDemo: true,
      importAllow: options.importAllow ?? [],
    },
    () => undefined,
  );
  const apiKey = server.socialpub.demo?.apiKey;
  if (apiKey === undefined) throw new Error('the demo account was not seeded');
  const configDir = await mkdtemp(join(tmpdir(), 'socialpub-cli-test-'));
  return {
    server,
    url: server.url,
    apiKey,
    configDir,
    admin: (method, path, body) => call(`${server.url}/admin/v1${path}`, method, ADMIN_TOKEN, body),
    api: (method, path, body, key) => call(`${server.url}${path}`, method, key ?? apiKey, body),
    cli: (args, runOptions = {}) =>
      runBinary(
        args,
        {
          SOCIALPUB_CONFIG_DIR: configDir,
          SOCIALPUB_BASE_URL: server.url,
          SOCIALPUB_API_KEY: apiKey,
          ...runOptions.env,
        },
        runOptions.input,
      ),
    async close() {
      await server.close();
      await rm(configDir, { recursive: true, force: true });
    },
  };
}

/** The one JSON document a `--json` command printed. */
export function parseJson<T = Record<string, unknown>>(result: CliResult): T {
  return JSON.parse(result.stdout) as T;
}

export interface DemoProfiles {
  brand: string;
  side: string;
}

export async function demoProfiles(t: TestServer): Promise<DemoProfiles> {
  const { body } = await t.api('GET', '/api/v2/accounts');
  const profiles = (body as { data: { profile_id: string; handle: string }[] }).data;
  const find = (handle: string) => profiles.find((p) => p.handle === handle)?.profile_id ?? '';
  return { brand: find('@demobrand'), side: find('@sideproject') };
}
