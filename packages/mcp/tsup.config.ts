import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: true,
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
});
