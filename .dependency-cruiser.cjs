/**
 * Import rules `npm test` checks (`npm run check:imports`): no import circle anywhere in the
 * packages' sources; the server's domain never reaches up into the doors that call it, and storage
 * and the caches never reach the domain, through any chain of imports; the caches sit below storage.
 * Type-only imports count (`tsPreCompilationDeps`): a circle or a reach through types still ties
 * the files together.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move the shared type or helper into a file both sides can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-not-upward',
      severity: 'error',
      comment:
        'domain/ holds the rules; http, routes, mcp, dashboard, oauth and admin call it, never the reverse, not even through a type of a file between (take the narrow dependencies: domain/domain-deps.ts).',
      from: { path: '^packages/server/src/domain/' },
      to: { path: '^packages/server/src/(http|routes|mcp|dashboard|oauth|admin)/', reachable: true },
    },
    {
      name: 'storage-not-upward',
      severity: 'error',
      comment:
        'db/ (storage) and caches/ are read by the domain and the doors, never the reverse: a type they share lives at or below them.',
      from: { path: '^packages/server/src/(db|caches)/' },
      to: { path: '^packages/server/src/(domain|http|routes|mcp|dashboard|oauth|admin)/', reachable: true },
    },
    {
      name: 'caches-below-storage',
      severity: 'error',
      comment:
        'db/ keeps its row caches with caches/; caches/ takes what it reads of a table as a small interface, never a repository.',
      from: { path: '^packages/server/src/caches/' },
      to: { path: '^packages/server/src/db/', reachable: true },
    },
    {
      name: 'oauth-not-dashboard',
      severity: 'error',
      comment:
        'oauth/ owns the protocol; the dashboard owns every page (consent, connected apps) and calls oauth/grants.ts, never the reverse.',
      from: { path: '^packages/server/src/oauth/' },
      to: { path: '^packages/server/src/dashboard/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.ts$|/test/|/dist/|node_modules)' },
    tsPreCompilationDeps: true,
  },
};
