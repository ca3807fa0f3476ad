import type { SocialpubApp } from './app.js';
import type { SecondLoopback } from './loopback-listener.js';

/**
 * Whether the app answers at `prefix` (the path itself or below it). The banner asks the app rather
 * than listing addresses by hand, so it never names one that would answer 404:
 * /mcp and the dashboard appear once their routes are mounted. Middleware (`app.use`: method ALL,
 * a `*` path, a handler taking `next`) does not count: it answers nothing by itself.
 */
function mountsRoute(socialpub: Pick<SocialpubApp, 'app'>, prefix: string): boolean {
  return socialpub.app.routes.some(
    (route) =>
      (route.path === prefix || route.path.startsWith(`${prefix}/`)) &&
      !(route.method === 'ALL' && route.path.endsWith('*') && route.handler.length >= 2),
  );
}

/**
 * The start-up lines: every address named here is one the app routes. `second`: the [::1] listener
 * of a default start, or why there is none.
 */
export function bannerLines(
  url: string,
  socialpub: Pick<SocialpubApp, 'app' | 'demo' | 'generatedAdminToken' | 'adminEnabled'>,
  /** SOCIALPUB_ADMIN_LISTEN's own listener, where the admin API and /metrics answer instead. */
  adminUrl: string = url,
  second: SecondLoopback | null = null,
): string[] {
  const also = second !== null && !('unavailable' in second) ? ` and ${second.url}` : '';
  const lines = [`socialpub reference server listening on ${url}${also}`];
  if (second !== null && 'unavailable' in second) {
    lines.push(`  (not on ${second.url}: ${second.unavailable}; use ${url})`);
  }
  lines.push(`  API        ${url}/api/v2`);
  if (mountsRoute(socialpub, '/mcp')) lines.push(`  MCP        ${url}/mcp`);
  if (mountsRoute(socialpub, '/openapi.yaml')) lines.push(`  OpenAPI    ${url}/openapi.yaml`);
  const dashboard = mountsRoute(socialpub, '/dashboard');
  if (dashboard) lines.push(`  Dashboard  ${url}/dashboard`);
  if (socialpub.demo) {
    lines.push('  Demo account created (shown only on this first start):');
    lines.push(`    API key      ${socialpub.demo.apiKey}`);
    if (dashboard) lines.push('    dashboard    demo@example.com / demo-password');
  }
  if (socialpub.generatedAdminToken) lines.push(`    admin token  ${socialpub.generatedAdminToken}`);
  if (socialpub.adminEnabled) {
    lines.push(`  Admin API  ${adminUrl}/admin/v1`);
    lines.push(`  Metrics    ${adminUrl}/metrics`);
  }
  return lines;
}
