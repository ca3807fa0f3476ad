import { defineProject } from 'vitest/config';
import { IN_PROCESS_TIMEOUTS, OWN_PROJECT_TESTS } from '../../vitest.shared.js';
import { MCP_CLIENT_ALIASES, MCP_CLIENT_INLINE } from '../mcp/vitest-aliases.js';

export default defineProject({
  resolve: { conditions: ['source'], alias: MCP_CLIENT_ALIASES },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    server: { deps: { inline: MCP_CLIENT_INLINE } },
    // The files share one module cache per worker: the server, the MCP SDK and the OpenAPI
    // documents the answers are checked against load once, not once per file. Every app a test
    // makes is its own (in-memory database, virtual clock), so nothing else carries over.
    isolate: false,
    setupFiles: ['test/contract/check-every-file.ts'],
    ...IN_PROCESS_TIMEOUTS,
  },
});
