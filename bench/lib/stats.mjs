import { spawn } from 'node:child_process';

/** The value at percentile `p` (0..100) of an ascending array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Milliseconds from spawning `node ...args` to its exit; rejects on a non-zero exit. */
export function timeNode(args, env = {}) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** Megabytes (10^6 bytes) per second. */
export function mbPerSecond(bytes, ms) {
  return bytes / 1e6 / (ms / 1000);
}
