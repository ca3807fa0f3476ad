import { defineProject } from 'vitest/config';
import { MCP_CLIENT_ALIASES, MCP_CLIENT_INLINE } from './vitest-aliases.js';

export default defineProject({
  resolve: { conditions: ['source'], alias: MCP_CLIENT_ALIASES },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mcp',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    server: { deps: { inline: MCP_CLIENT_INLINE } },
  },
});
