import { defineProject } from 'vitest/config';
import { MCP_CLIENT_ALIASES, MCP_CLIENT_INLINE } from '../packages/mcp/vitest-aliases.js';
import { OWN_PROJECT_TESTS } from '../vitest.shared.js';

export default defineProject({
  resolve: { conditions: ['source'], alias: MCP_CLIENT_ALIASES },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    // Real listeners in this process and a 20 MB upload: generous, but every time rule uses the virtual clock.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The MCP clients load with the aliases above (eventsource publishes TypeScript under `source`),
    // and so do the ones the model providers' libraries bring (the OpenAI Agents SDK's).
    server: { deps: { inline: [...MCP_CLIENT_INLINE, /@openai\/agents/] } },
    // One module cache per worker, as the server's files have: the server, the SDK and the MCP
    // client load once per worker, not once per file. Every file starts its own servers.
    isolate: false,
  },
});
