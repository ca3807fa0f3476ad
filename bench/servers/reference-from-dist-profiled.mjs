// The reference server from a given build folder (as reference-from-dist.mjs), with the probe's
// `stats` answer and a V8 CPU profiler the harness starts and stops over IPC around a load, so a
// profile covers exactly the measured requests. Arguments: <distDir> <dataDir>.
// IPC: {type: 'profile', action: 'start'} then {type: 'profile', action: 'stop', file}; each is
// answered {type: 'profile', action, done: true}.
import './probe.mjs';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

const [distDir, dataDir] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(`${distDir}/index.js`).href);
const running = await startServer(
  {
    dataDir,
    port: 0,
    clock: 'system',
    adminToken: 'bench-admin-token',
    seedDemo: true,
    keepDeliveries: true,
  },
  () => {},
);
let session = null;
process.on('message', async (message) => {
  if (message?.type !== 'profile') return;
  if (message.action === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 100 });
    await session.post('Profiler.start');
  } else if (message.action === 'stop' && session !== null) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    session.disconnect();
    session = null;
  }
  process.send?.({ type: 'profile', action: message.action, done: true });
});
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
process.on('SIGTERM', () => running.close().then(() => process.exit(0)));
