import { defineProject } from 'vitest/config';
import { IN_PROCESS_TIMEOUTS, OWN_PROJECT_TESTS } from '../../vitest.shared.js';
import { MCP_CLIENT_ALIASES, MCP_CLIENT_INLINE } from './vitest-aliases.js';

export default defineProject({
  resolve: { conditions: ['source'], alias: MCP_CLIENT_ALIASES },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mcp',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    server: { deps: { inline: MCP_CLIENT_INLINE } },
    ...IN_PROCESS_TIMEOUTS,
  },
});
