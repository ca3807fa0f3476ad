// The reference server from a given build folder, for comparing two builds side by side
// (bench/compare/scheduler-drain.mjs, publish.mjs, reads-builds.mjs): prints one JSON line with its
// address. Arguments: <distDir> <dataDir> [none] (`none`: the server keeps no network inbox,
// `keepDeliveries: false`, for comparing a publish with and without it). Over the IPC channel, `{ type: 'profile', action:
// 'start', intervalUs? }` starts a CPU profile (node:inspector, sampling every 100 µs unless told)
// and `{ type: 'profile', action: 'stop', file }` writes it to `file`, so a profile holds only the
// load, not the seeding; each is answered `{ type: 'profile', action, done: true }`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import './probe.mjs';

const [distDir, dataDir, inbox] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(`${distDir}/index.js`).href);
const running = await startServer(
  {
    dataDir,
    port: 0,
    clock: 'system',
    adminToken: 'bench-admin-token',
    seedDemo: true,
    keepDeliveries: inbox !== 'none',
  },
  () => {},
);
let session;
process.on('message', async (message) => {
  if (message?.type !== 'profile') return;
  if (message.action === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 100 });
    await session.post('Profiler.start');
  } else if (session) {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dirname(message.file), { recursive: true });
    writeFileSync(message.file, JSON.stringify(profile));
    session.disconnect();
    session = undefined;
  }
  process.send?.({ type: 'profile', action: message.action, done: true });
});
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
process.on('SIGTERM', () => running.close().then(() => process.exit(0)));
