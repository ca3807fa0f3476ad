// The reference server for the benchmark: starts on a data directory, prints one JSON line with
// its address and (on the seeding start) the demo API key. Arguments: <dataDir> [no-deliveries]
// (the second keeps no network inbox: the posts section's baseline for what keeping one costs).
import './probe.mjs';
import { startServer } from '@socialpub/server';

const dataDir = process.argv[2];
const keepDeliveries = process.argv[3] !== 'no-deliveries';
const lines = [];
const running = await startServer(
  { dataDir, port: 0, clock: 'system', adminToken: 'bench-admin-token', seedDemo: true, keepDeliveries },
  (line) => lines.push(line),
);
const apiKey = lines.map((line) => /API key\s+(\S+)/.exec(line)?.[1]).find(Boolean) ?? null;
process.stdout.write(`${JSON.stringify({ url: running.url, apiKey })}\n`);
process.on('SIGTERM', () => running.close().then(() => process.exit(0)));
