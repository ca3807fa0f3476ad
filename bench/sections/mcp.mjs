import { hash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startChildServer } from '../lib/child-server.mjs';
import { connectorToken, registerConnectorApp } from '../lib/connector-tokens.mjs';
import { printLine } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { mapLimit, seedAccounts } from '../lib/seed-accounts.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN = 'bench-admin-token';
const TOOL = 'service_list_accounts';
/** Each client kind gets this many connected clients, rotated over (each one account). */
const CLIENTS_PER_KIND = 400;
const PASSWORD = 'bench-password';

/**
 * Runs `call` from `concurrency` loops for `ms`: calls per second, and the server's CPU per call
 * (which holds on a shared machine where calls per second do not). Throws on any refused call.
 */
async function burst(server, ms, concurrency, call) {
  const cpu0 = server.cpuMs();
  const own0 = process.cpuUsage();
  const started = performance.now();
  const until = started + ms;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += concurrency) {
        if (!(await call(i))) throw new Error('a call was refused: the figures would not be honest');
        count++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const own = process.cpuUsage(own0);
  return {
    rps: count / seconds,
    cpuUs: ((server.cpuMs() - cpu0) * 1000) / Math.max(1, count),
    // The client's side (this process: fetch, and for MCP the SDK client's JSON-RPC and result
    // validation) shares the machine's cores with the server, so it bounds calls per second too.
    clientCpuUs: (own.user + own.system) / Math.max(1, count),
  };
}

/** `clients` connected MCP clients of one kind (v2 or 1.x) to `url`, one account each. */
async function connectClients(kind, url, tokens) {
  return mapLimit(tokens.length, 16, async (i) => {
    const requestInit = { headers: { authorization: `Bearer ${tokens[i]}` } };
    const client =
      kind === 'v2'
        ? new Client({ name: 'bench', version: '1.0.0' })
        : new ClientV1({ name: 'bench', version: '1.0.0' });
    const transport =
      kind === 'v2'
        ? new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit })
        : new TransportV1(new URL(`${url}/mcp`), { requestInit });
    await client.connect(transport);
    return client;
  });
}

/** socialpub's own `tools/call` result for a token, as JSON text (what the ceiling answers). */
async function toolResultText(url, token) {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: TOOL, arguments: {} },
    }),
  });
  const message = await res.json();
  if (res.status !== 200 || message.result?.isError) throw new Error(`probe tools/call: ${res.status}`);
  return JSON.stringify(message.result);
}

const pct = (s) =>
  `${(s.median * 100).toFixed(0)}% (${(s.min * 100).toFixed(0)}–${(s.max * 100).toFixed(0)}%)`;

/**
 * The connector's aim: `service_list_accounts` through a real MCP client (v2 packages, Streamable HTTP,
 * JSON-RPC and result checks included) at >= 50% of REST `GET /api/v2/accounts` per second on the
 * same server, both driven from this process with the same fetch and concurrency, in interleaved
 * rounds; before each round the server's virtual clock moves a minute, so the read limit (60 a
 * minute per account) never refuses either side. Beside it, the 1.x client most AI apps embed, and
 * the v2 client against the MCP ceiling (bare node:http answering socialpub's answer bytes from
 * memory): what no server could beat with that client on this machine.
 */
// Enough accounts that REST reads (about 5,000 a second here, 3 s rounds) never reach the limit.
export async function benchMcp({ duration, rounds, accounts: accountCount = 2000, concurrency = 16 }) {
  // BENCH_MCP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server process.
  const nodeArgs = (process.env.BENCH_MCP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startChildServer(here('../servers/mcp-reference.mjs'), { nodeArgs });
  const { url } = server.info;
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-mcp-'));
  const children = [server];
  const clients = [];
  try {
    const accounts = [
      ...(await seedAccounts(url, ADMIN, CLIENTS_PER_KIND, { concurrency: 8, password: PASSWORD })),
      ...(await seedAccounts(url, ADMIN, accountCount - CLIENTS_PER_KIND, {
        concurrency: 8,
        from: CLIENTS_PER_KIND,
      })),
    ];
    // Real connector tokens: one app, and each account's holder signs in and allows it.
    const clientId = await registerConnectorApp(url);
    const minting = performance.now();
    const tokens = await mapLimit(CLIENTS_PER_KIND, 8, (i) =>
      connectorToken(url, clientId, { email: accounts[i].email, password: PASSWORD }),
    );
    printLine(
      'connector tokens',
      `${tokens.length} from the real flow in ${((performance.now() - minting) / 1000).toFixed(1)} s`,
    );
    const answers = await mapLimit(tokens.length, 16, async (i) => [
      hash('sha256', tokens[i], 'hex'),
      await toolResultText(url, tokens[i]),
    ]);
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    const ceiling = await startChildServer(here('../servers/mcp-ceiling.mjs'), {
      args: [join(dir, 'answers.json')],
    });
    children.push(ceiling);
    const v2 = await connectClients('v2', url, tokens);
    const v1 = await connectClients('1.x', url, tokens);
    const v2Ceiling = await connectClients('v2', ceiling.info.url, tokens);
    clients.push(...v2, ...v1, ...v2Ceiling);

    const nextMinute = () =>
      fetch(`${url}/admin/v1/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 60 }),
      }).then((res) => res.arrayBuffer());
    const rest = async (i) => {
      const res = await fetch(`${url}/api/v2/accounts`, {
        headers: { authorization: `Bearer ${accounts[i % accounts.length].apiKey}` },
      });
      await res.arrayBuffer();
      return res.status === 200;
    };
    const toolOf = (list) => async (i) => {
      const result = await list[i % list.length].callTool({ name: TOOL, arguments: {} });
      return result.isError !== true;
    };
    const ms = duration * 1000;
    const names = {
      rest: 'REST GET /api/v2/accounts (fetch)',
      v2: 'MCP service_list_accounts (v2 client)',
      v1: 'MCP service_list_accounts (1.x client)',
      ceiling: 'MCP ceiling: v2 client, answer from memory',
    };
    const onSocialpub = (call) => async () => {
      await nextMinute();
      return burst(server, ms, concurrency, call);
    };
    const results = await interleave({
      rounds,
      subjects: [
        { name: names.rest, run: onSocialpub(rest) },
        { name: names.v2, run: onSocialpub(toolOf(v2)) },
        { name: names.v1, run: onSocialpub(toolOf(v1)) },
        { name: names.ceiling, run: () => burst(ceiling, ms, concurrency, toolOf(v2Ceiling)) },
      ],
    });
    for (const [name, figures] of Object.entries(results)) {
      const rps = spread(figures.map((f) => f.rps));
      const cpu = spread(figures.map((f) => f.cpuUs));
      const client = spread(figures.map((f) => f.clientCpuUs));
      printLine(
        name,
        `${formatSpread(rps)} req/s, server CPU ${formatSpread(cpu)} µs per call, client CPU ${formatSpread(client)} µs per call`,
      );
    }
    const ofRest = (name) => pairedRatios(results[name], results[names.rest], (f) => f.rps);
    const v2Ratio = ofRest(names.v2);
    const cpuRatio = pairedRatios(results[names.v2], results[names.rest], (f) => f.cpuUs);
    printLine(
      'tool calls/s against REST reads/s',
      `v2 ${pct(v2Ratio)}, 1.x ${pct(ofRest(names.v1))}, v2 against the ceiling ${pct(ofRest(names.ceiling))}; server CPU per call ${cpuRatio.median.toFixed(1)}x REST`,
    );
    const restRps = spread(results[names.rest].map((f) => f.rps)).median.toFixed(0);
    recordAim({
      section: 'mcp',
      aim: 'list_accounts tool calls/s (v2 client) >= 50% of REST reads/s',
      measured: pct(v2Ratio),
      baseline: `REST ${restRps} req/s`,
      met: v2Ratio.median >= 0.5,
    });
    const restCpu = spread(results[names.rest].map((f) => f.cpuUs));
    recordAim({
      section: 'mcp',
      aim: 'tools/call service_list_accounts server CPU/call <= 2.5x REST read (real OAuth tokens)',
      measured: `${formatSpread(spread(results[names.v2].map((f) => f.cpuUs)))} µs = ${cpuRatio.median.toFixed(2)}x (${cpuRatio.min.toFixed(2)}–${cpuRatio.max.toFixed(2)})`,
      baseline: `REST ${formatSpread(restCpu)} µs`,
      met: cpuRatio.median <= 2.5,
    });
    recordAim({
      section: 'mcp',
      aim: 'the same through the 1.x client (figure only)',
      measured: pct(ofRest(names.v1)),
      baseline: `REST ${restRps} req/s`,
      met: null,
    });
    recordAim({
      section: 'mcp',
      aim: 'v2 client against a server answering from memory (the bound, figure only)',
      measured: pct(ofRest(names.ceiling)),
      baseline: `REST ${restRps} req/s`,
      met: null,
    });
  } finally {
    for (const client of clients) await client.close().catch(() => undefined);
    for (const child of children) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
