import { defineConfig } from 'tsup';

// Two entries: the client (`@socialpub/sdk`) and the uploader (`@socialpub/sdk/upload`). The client
// loads the uploader with a dynamic import on first `media.upload`, so its bundle carries no
// tus-js-client; ESM splitting keeps that chunk separate.
export default defineConfig({
  entry: { index: 'src/index.ts', upload: 'src/upload/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
});
