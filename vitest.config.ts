import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { MCP_CLIENT_ALIASES, MCP_CLIENT_INLINE } from './packages/mcp/vitest-aliases.js';
import { BROWSER_TESTS, PROCESS_TESTS } from './vitest.shared.js';

// Each package is its own project (`vitest --project core` runs one package) for the tests that
// run in-process. Tests that spawn processes or drive Chromium, wherever they live, form the
// `process` and `browser` projects: they wait on other processes, so they get long timeouts, and
// they run together after the in-process projects, two files at a time (vitest runs projects side
// by side only when their worker counts are the same).

/** Our packages from their TypeScript sources, and the MCP client's TypeScript-publishing deps mapped. */
const fromSources = {
  resolve: { conditions: ['source'], alias: MCP_CLIENT_ALIASES },
  ssr: { resolve: { conditions: ['source'] } },
};

const spawning: TestProjectInlineConfiguration = {
  ...fromSources,
  test: {
    name: 'process',
    include: [`packages/*/${PROCESS_TESTS}`, `test/${PROCESS_TESTS}`],
    exclude: ['**/node_modules/**'],
    // The CLI's and the server's tests run their built binaries: built here when missing or older
    // than the sources. The installed-package tests share one pack, made on first need.
    globalSetup: [
      'packages/cli/test/global-setup.ts',
      'packages/server/test/global-setup.ts',
      'test/global-setup.ts',
    ],
    server: { deps: { inline: MCP_CLIENT_INLINE } },
    // A Node start-up per spawned command, on two shared cores: generous, and waits are for events.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two files at a time on two cores. The files of a worker share one module cache (as the
    // server's in-process files do): the server's sources, the MCP SDK and playwright load once
    // per worker, not once per file. Every file starts its own servers and processes.
    maxWorkers: 2,
    isolate: false,
    sequence: { groupOrder: 1 },
  },
};

const browser: TestProjectInlineConfiguration = {
  ...fromSources,
  test: {
    name: 'browser',
    include: [`packages/*/${BROWSER_TESTS}`, `test/${BROWSER_TESTS}`],
    exclude: ['**/node_modules/**'],
    // The composer's script for browsers is made by the server's build.
    globalSetup: ['packages/server/test/global-setup.ts'],
    server: { deps: { inline: MCP_CLIENT_INLINE } },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Beside the spawning files, sharing their workers' module cache.
    maxWorkers: 2,
    isolate: false,
    sequence: { groupOrder: 1 },
  },
};

export default defineConfig({
  test: {
    // The in-process projects' workers. Vitest's default leaves one core to itself, which on a
    // two-core machine is a single worker and an idle core for most of the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/*', 'test', spawning, browser],
  },
});
