import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * zod's table of locales (some eighty languages' error texts, a sixth of the bundle's source) comes
 * along with the `z` namespace; the server never selects one, so only English, zod's default, is
 * bundled: less JavaScript to parse at start.
 */
const englishZodLocaleOnly: EsbuildPlugin = {
  name: 'english-zod-locale-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales'), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      resolveDir: args.path,
      loader: 'js',
    }));
  },
};

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
  esbuildPlugins: [englishZodLocaleOnly],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
