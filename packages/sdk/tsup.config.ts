import { defineConfig } from 'tsup';

// Entries: the client (`@socialpub/sdk`), the uploader (`@socialpub/sdk/upload`) and the login file (`@socialpub/sdk/config`, Node only). The client
// loads the uploader with a dynamic import on first `media.upload`, so its bundle carries no
// tus-js-client; ESM splitting keeps that chunk separate.
export default defineConfig({
  entry: { index: 'src/index.ts', upload: 'src/upload/index.ts', config: 'src/config/index.ts' },
  format: ['esm', 'cjs'],
  // Core is bundled, in the JavaScript and in the declarations, so the packed SDK installs from the
  // public registry alone (core is not published). ky too: it ships only as an ES module, which
  // `require` cannot load before Node 20.19, and the CommonJS build must load on every Node 20.
  dts: { resolve: ['@socialpub/core'] },
  noExternal: ['@socialpub/core', 'ky'],
  splitting: true,
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
