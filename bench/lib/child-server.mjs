import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts a server script in its own process (so the load generator does not share its event
 * loop) and resolves with the first JSON line it prints, plus the time that took.
 */
export async function startChildServer(script, { env = {}, args = [] } = {}) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        resolve(JSON.parse(line));
      } catch {
        // not the ready line
      }
    });
  });
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    info,
    readyMs,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
