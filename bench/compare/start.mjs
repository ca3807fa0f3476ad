// Two (or more) builds of the server started side by side with bare Hono, interleaved round by round
// (the order rotates), so their figures share the machine's load. Not part of `npm run bench`: for
// before/after work on the start (docs/performance.md). Copy the build before the change aside
// first, e.g. `cp -r packages/server/dist packages/server/dist-base` (inside the repository, so that
// its dependencies resolve), then:
//   node bench/compare/start.mjs <dataDir> <rounds> before=packages/server/dist-base after=packages/server/dist
// <dataDir> is an existing data folder (run a build on it once first, so that no start applies a
// migration or converts the file); each start gets a copy of it. Measured as the bench measures a
// start (bench/lib/startup.mjs): spawn to the first 200 on /health, polled every 2 ms; plus the
// server process's CPU at that moment from /proc (10 ms ticks). Bare Hono answers on /.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/stats.mjs';

const [dataDir, roundsArg, ...builds] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
if (!dataDir || !(ROUNDS > 0) || builds.length === 0) {
  console.error('usage: start.mjs <dataDir> <rounds> <label>=<distDir> ...');
  process.exit(2);
}
const bareHello = fileURLToPath(new URL('../servers/bare-hello-on-port.mjs', import.meta.url));
const subjects = [
  { label: 'bare Hono', args: [bareHello], path: '/' },
  ...builds.map((spec) => {
    const [label, dist] = spec.split('=');
    return {
      label,
      args: [join(resolve(dist), 'bin.js'), '--data-dir', null, '--port', null],
      path: '/health',
    };
  }),
];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const spread = (values) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
const ratio = (values) =>
  `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

/** utime + stime of a process, in ms (the kernel counts 100 ticks a second). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let nextPort = 19_300;
async function startOnce(subject) {
  const port = nextPort++;
  const copy = subject.path === '/health' ? mkdtempSync(join(tmpdir(), 'socialpub-start-')) : null;
  if (copy) cpSync(dataDir, copy, { recursive: true });
  const args = subject.args.map((arg, i) =>
    arg !== null ? arg : subject.args[i - 1] === '--data-dir' ? copy : String(port),
  );
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), SOCIALPUB_ADMIN_TOKEN: 'bench-admin-token' },
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${subject.path}`);
        if (res.ok) return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: cpuMs(child.pid) };
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`${subject.label} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

const results = subjects.map(() => []);
const loads = [];
for (let round = 0; round < ROUNDS; round++) {
  loads.push(loadavg()[0]);
  for (let k = 0; k < subjects.length; k++) {
    const i = (k + round) % subjects.length;
    results[i].push(await startOnce(subjects[i]));
  }
}
console.log(`${ROUNDS} rounds, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
for (const [i, subject] of subjects.entries()) {
  const wall = results[i].map((r) => r.wall);
  const cpu = results[i].map((r) => r.cpu);
  console.log(`${subject.label.padEnd(12)} wall ${spread(wall)} ms   CPU ${spread(cpu)} ms`);
}
for (let i = 1; i < subjects.length; i++) {
  const perRound = (key, j) => results[i].map((r, n) => r[key] / results[j][n][key]);
  console.log(
    `${subjects[i].label}/bare Hono: wall ${ratio(perRound('wall', 0))}, CPU ${ratio(perRound('cpu', 0))}` +
      (i > 1 ? `; ${subjects[i].label}/${subjects[1].label}: CPU ${ratio(perRound('cpu', 1))}` : ''),
  );
}
