import { defineConfig } from 'vitest/config';

// One workspace config; each package is its own project so `vitest --project core` runs one package.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test'],
  },
});
