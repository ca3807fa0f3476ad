/**
 * Import rules `npm test` checks (`npm run check:imports`): no import circle anywhere in the
 * packages' sources, and the server's domain never reaches up into the doors that call it.
 * Type-only imports count: a circle through types still ties the files together.
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
        'domain/ holds the rules; http, routes, mcp, dashboard, oauth and admin call it, never the reverse.',
      from: { path: '^packages/server/src/domain/' },
      to: { path: '^packages/server/src/(http|routes|mcp|dashboard|oauth|admin)/' },
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
