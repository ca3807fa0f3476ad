import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bareHono = fileURLToPath(new URL('../servers/bare-hello-on-port.mjs', import.meta.url));

/**
 * Time from spawning the server binary to its first answer on /health, on an existing data
 * directory. Polls every 2 ms so the figure is not rounded up.
 */
export function measureStartup(binPath, dataDir, port) {
  return timeToFirstAnswer(
    [binPath, '--data-dir', dataDir, '--port', String(port)],
    { SOCIALPUB_ADMIN_TOKEN: 'bench-admin-token' },
    `http://127.0.0.1:${port}/health`,
  );
}

/** The same for bare Hono's hello-world (the start aim's baseline), answering on `/`. */
export function measureBareHonoStartup(port) {
  return timeToFirstAnswer([bareHono], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
}

async function timeToFirstAnswer(args, env, url) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, ...env } });
  try {
    for (;;) {
      try {
        const res = await fetch(url);
        if (res.ok) return Number(process.hrtime.bigint() - started) / 1e6;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`${args[0]} exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
