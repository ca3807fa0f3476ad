import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: 'mcp', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
