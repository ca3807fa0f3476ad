import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Each command module is its own chunk, loaded by its action: --help and --version load only commander.
  splitting: true,
  // The SDK and core are bundled from their sources (the `source` export condition), so the binary
  // never runs a stale sibling dist; their own dependencies (ky, zod, ...) come along.
  noExternal: ['@socialpub/sdk', '@socialpub/core'],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
