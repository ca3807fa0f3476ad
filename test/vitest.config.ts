import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Real listeners, child processes and a 20 MB upload: generous, but every time rule uses the virtual clock.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
