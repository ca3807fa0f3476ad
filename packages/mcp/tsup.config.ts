import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  // The SDK and core are bundled from their sources (the `source` export condition), in the
  // JavaScript and in the declarations, so the packed connector installs from the public registry
  // alone; what they use beyond the listed dependencies comes along.
  dts: { resolve: ['@socialpub/core', '@socialpub/sdk', /^@socialpub\/sdk\//] },
  noExternal: ['@socialpub/core', '@socialpub/sdk'],
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
