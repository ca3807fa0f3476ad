import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';

/**
 * The server processes and data folders of one crash test file: each test's are killed and removed
 * after it. `env` is the server's clock setting (the system clock when work must be under way in
 * real time as the process dies).
 */
export function crashRig(env: Record<string, string>) {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dataDir(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    spawn(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
      const child = spawnServerProcess(dataDir, env);
      children.push(child);
      return serverListening(child);
    },
  };
}

/** A JSON call with the admin token (or `key`); anything but 2xx throws with the answer. */
export async function adminJson<T>(
  url: string,
  method: string,
  body?: unknown,
  key = ADMIN_TOKEN,
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls `check` until it holds; throws once `timeoutMs` passed (a process on busy cores is slow). */
export async function waitFor(check: () => boolean, timeoutMs: number, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
