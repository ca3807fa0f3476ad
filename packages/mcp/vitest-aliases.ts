import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The workspace resolves the `source` export condition (our packages' TypeScript), and eventsource
 * and eventsource-parser (under the MCP client) publish TypeScript under that condition too, which
 * Node cannot load. Every vitest project that loads the MCP client maps them to their built files.
 */
const require = createRequire(import.meta.url);
const dist = (name: string) => join(dirname(require.resolve(`${name}/package.json`)), 'dist');

export const MCP_CLIENT_ALIASES = [
  { find: /^eventsource$/, replacement: join(dist('eventsource'), 'index.js') },
  { find: /^eventsource-parser$/, replacement: join(dist('eventsource-parser'), 'index.js') },
  { find: /^eventsource-parser\/stream$/, replacement: join(dist('eventsource-parser'), 'stream.js') },
];

/** Inlined so vite resolves their imports with the aliases above rather than Node loading them. */
export const MCP_CLIENT_INLINE = [/@modelcontextprotocol\//, /eventsource/];
