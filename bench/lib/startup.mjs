import { spawn } from 'node:child_process';

/**
 * Time from spawning the server binary to its first answer on /health, on an existing data
 * directory (the aim: under 300 ms). Polls every 2 ms so the figure is not rounded up.
 */
export async function measureStartup(binPath, dataDir, port) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [binPath, '--data-dir', dataDir, '--port', String(port)], {
    stdio: 'ignore',
    env: { ...process.env, SOCIALPUB_ADMIN_TOKEN: 'bench-admin-token' },
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return Number(process.hrtime.bigint() - started) / 1e6;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
