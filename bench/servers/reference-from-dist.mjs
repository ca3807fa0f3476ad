// The reference server from a given build folder, for comparing two builds side by side
// (bench/compare/scheduler-drain.mjs): prints one JSON line with its address.
// Arguments: <distDir> <dataDir>.
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
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
process.on('SIGTERM', () => running.close().then(() => process.exit(0)));
