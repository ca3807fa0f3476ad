import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startChildServer } from '../lib/child-server.mjs';
import { printLine } from '../lib/report.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { median } from '../lib/stats.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN = 'bench-admin-token';

/** Runs `call` from `concurrency` loops for `ms`; answers calls per second and failures. */
async function burst(ms, concurrency, call) {
  const until = performance.now() + ms;
  let done = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += concurrency) {
        if (await call(i)) done++;
        else failed++;
      }
    }),
  );
  return { rps: (done + failed) / ((performance.now() - started) / 1000), failed };
}

/**
 * Issue 9's aim: `service_list_accounts` through a real MCP client (v2, Streamable HTTP, JSON-RPC
 * and tool schemas included) at >= 50% of REST GET /api/v2/accounts calls per second on the same
 * server. Both sides run in this process over the same fetch, in interleaved rounds (REST, then
 * MCP, each round), after the virtual clock moves a minute so the read limit never refuses.
 */
export async function benchMcp({ duration, accounts: accountCount = 60, concurrency = 16, rounds = 6 }) {
  const ref = await startChildServer(here('../servers/mcp-reference.mjs'));
  const { url, tokenPrefix } = ref.info;
  try {
    const accounts = await seedAccounts(url, ADMIN, accountCount, { concurrency: 4 });
    const clients = [];
    for (const account of accounts) {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      const headers = { authorization: `Bearer ${tokenPrefix}${account.accountId}` };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
      );
      clients.push(client);
    }
    const rest = async (i) => {
      const res = await fetch(`${url}/api/v2/accounts`, {
        headers: { authorization: `Bearer ${accounts[i % accounts.length].apiKey}` },
      });
      await res.arrayBuffer();
      return res.status === 200;
    };
    const tool = async (i) => {
      const result = await clients[i % clients.length].callTool({
        name: 'service_list_accounts',
        arguments: {},
      });
      return result.isError !== true;
    };
    const nextMinute = () =>
      fetch(`${url}/admin/v1/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 60 }),
      });
    const slice = Math.max(250, (duration * 1000) / rounds);
    await burst(300, concurrency, rest); // warm both paths before measuring
    await burst(300, concurrency, tool);
    const restRounds = [];
    const toolRounds = [];
    let failed = 0;
    for (let round = 0; round < rounds; round++) {
      await nextMinute();
      const r = await burst(slice, concurrency, rest);
      const t = await burst(slice, concurrency, tool);
      restRounds.push(r.rps);
      toolRounds.push(t.rps);
      failed += r.failed + t.failed;
    }
    for (const client of clients) await client.close();
    const spread = (values) => `${Math.min(...values).toFixed(0)}..${Math.max(...values).toFixed(0)}`;
    const restMedian = median(restRounds);
    const toolMedian = median(toolRounds);
    const ratio = restMedian > 0 ? toolMedian / restMedian : 0;
    printLine(
      'REST GET /api/v2/accounts',
      `${restMedian.toFixed(0)} req/s median of ${rounds} (spread ${spread(restRounds)})`,
    );
    printLine(
      'MCP service_list_accounts (v2 client, HTTP)',
      `${toolMedian.toFixed(0)} calls/s median of ${rounds} (spread ${spread(toolRounds)})  | ${(ratio * 100).toFixed(0)}% of REST (aim: >= 50%)`,
    );
    if (failed > 0) printLine('', `${failed} calls were refused (read limit): figures include them`);
    recordAim(
      'mcp',
      'list_accounts tool calls/s >= 50% of REST',
      `${(ratio * 100).toFixed(0)}%`,
      failed === 0 && ratio >= 0.5,
    );
    return { restRps: restMedian, toolRps: toolMedian, ratio };
  } finally {
    await ref.stop();
  }
}
