import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node ...args` from the repository root with `env` on top of a copy of this process's
 * environment stripped of SOCIALPUB_* (so the developer's own key never leaks into a test).
 */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<RunResult> {
  return runCommand(process.execPath, args, env, options);
}

export interface RunOptions {
  timeoutMs?: number;
  /** Working folder (default the repository root). */
  cwd?: string;
  /** Called with the child once spawned, for a test that signals it on an event. */
  onSpawn?: (child: ChildProcess) => void;
}

/** Runs `command ...args` the way runNode runs node: from the repository root, without SOCIALPUB_* of its own. */
export function runCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<RunResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SOCIALPUB_')),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...base, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Node flags that let a script import the workspace packages from their TypeScript sources (the
 * `source` export condition, loaded by tsx), so no build is needed before the test.
 */
export const FROM_SOURCES = ['--conditions=source', '--import', 'tsx'];
