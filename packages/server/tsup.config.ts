import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Native modules load from node_modules at run time; bundling them breaks their .node binaries.
  external: ['better-sqlite3', 'sharp'],
  // Our packages come from their sources (the `source` export condition), bundled with zod and hono:
  // one copy of each in the process, no sibling build needed first, and a few large files read at
  // start instead of some 150 modules resolved and loaded one by one.
  noExternal: [
    '@socialpub/core',
    '@socialpub/mcp',
    '@socialpub/sdk',
    'zod',
    /^hono(\/|$)/,
    '@hono/node-server',
    'ipaddr.js',
  ],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
