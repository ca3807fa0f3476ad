import { defineConfig } from 'tsup';

// Entries: the client (`@socialpub/sdk`), the uploader (`@socialpub/sdk/upload`) and the login file (`@socialpub/sdk/config`, Node only). The client
// loads the uploader with a dynamic import on first `media.upload`, so its bundle carries no
// tus-js-client; ESM splitting keeps that chunk separate.
export default defineConfig({
  entry: { index: 'src/index.ts', upload: 'src/upload/index.ts', config: 'src/config/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
});
