import { type Context, Hono } from 'hono';
import { lazyAdminApi } from './admin/lazy-admin.js';
import { wantsHtml } from './dashboard/dashboard-paths.js';
import { lazyDashboard } from './dashboard/lazy-dashboard.js';
import type { AppEnv } from './http/context.js';
import { installIdempotency } from './http/idempotency.js';
import type { Pipeline } from './http/pipeline.js';
import { API_NEEDS, HARNESS_NEEDS, OPEN_NEEDS, PAGE_NEEDS } from './http/route-needs.js';
import { lazyOAuth } from './oauth/lazy-oauth.js';
import { keptAccountsAnswers } from './routes/accounts.js';
import { apiReadHandlers } from './routes/api-reads.js';
import { mountApiRoutes } from './routes/index.js';
import { mcpRoutes } from './routes/mcp.js';
import { operatorRoutes } from './routes/operator.js';
import type { Services } from './services.js';

/** A browser asking for `/` is sent to the dashboard (reference-server.md); API clients are not. */
function browserAtRoot(c: Context<AppEnv>): boolean {
  return (
    c.req.path === '/' &&
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    wantsHtml(c.req.header('accept'))
  );
}

export interface AddressOptions {
  /** The admin API and /metrics exist only with an admin token. */
  adminTokenHash: string | null;
  /** Browser origins allowed on `/mcp` and the OAuth endpoints beside the server's own. */
  mcpAllowedOrigins: readonly string[];
}

/**
 * Every address the server answers, registered on the one pipeline with what each area needs:
 * the REST API, the older addresses, the dashboard, the admin API, the OAuth endpoints, `/mcp`, tus
 * storage, files, uploader scripts, the documents and the operator's checks.
 */
export function registerAddresses(pipeline: Pipeline, services: Services, options: AddressOptions): void {
  pipeline
    .area('/api/v2/', API_NEEDS)
    .area('/legacy/', API_NEEDS)
    .area('/dashboard', PAGE_NEEDS)
    .area('/admin/', HARNESS_NEEDS)
    .area('/health', HARNESS_NEEDS)
    .area('/ready', HARNESS_NEEDS)
    .area('/metrics', HARNESS_NEEDS)
    // The browser's `/` leads to the dashboard and, like a page, is never faulted.
    .area('/', { ...OPEN_NEEDS, faults: (c) => !browserAtRoot(c) });
  // /health, /ready and /metrics (routes/operator.ts).
  pipeline.mount('/', operatorRoutes(services, options.adminTokenHash));
  // The dashboard, the admin API and the authorization server are built at their first request.
  pipeline.mount('/', lazyDashboard(services));
  if (options.adminTokenHash) pipeline.mount('/', lazyAdminApi(services, options.adminTokenHash));
  // Registered before the posts and media routes, so it runs before them on its four addresses.
  installIdempotency(pipeline, services);
  // One set of kept GET /api/v2/accounts answers, for the REST read and the MCP accounts tool.
  const accountsAnswers = keptAccountsAnswers(services);
  mountApiRoutes(pipeline, services, apiReadHandlers(services, accountsAnswers));
  // reference-server.md: `{base_url}/` in a browser leads to the dashboard; API clients are unchanged.
  pipeline.mount(
    '/',
    new Hono<AppEnv>().get('/', (c, next) => (browserAtRoot(c) ? c.redirect('/dashboard', 303) : next())),
  );
  pipeline.mount('/', lazyOAuth(services, options.mcpAllowedOrigins));
  pipeline.mount('/', mcpRoutes(services, { allowedOrigins: options.mcpAllowedOrigins, accountsAnswers }));
}
