import type { Context } from 'hono';
import type { AppEnv } from './context.js';

/**
 * What the addresses of an area need from the pipeline's steps (pipeline-steps.ts), declared when
 * the area is registered (pipeline.ts `area`) and compiled into each of its routes once, at build:
 * a request asks no question of its path to learn them. The Host check, the client address, the
 * listener's place and nosniff apply to every request; these say what else does.
 */
export interface RouteNeeds {
  /** Recorded in the request log; the key check and faults apply only to logged addresses. */
  readonly logged: boolean;
  /** An API key before the route (401 `unauthorized` otherwise). */
  readonly apiKey: boolean;
  /** Whether an armed fault may answer (a page is never faulted; `/` only when no browser asks). */
  readonly faults: boolean | ((c: Context<AppEnv>) => boolean);
  /**
   * A method the address does not take answers the catalog's 405 `method_not_allowed` with
   * `Allow`, derived from the registered routes (the API's addresses).
   */
  readonly methodNotAllowed: boolean;
}

/** `/api/v2/...` and `/legacy/...`: keyed, logged, faulted, 405 for a method an address does not take. */
export const API_NEEDS: RouteNeeds = { logged: true, apiKey: true, faults: true, methodNotAllowed: true };

/** Every other address a client calls (the MCP endpoint, OAuth, storage, files): logged and faulted. */
export const OPEN_NEEDS: RouteNeeds = { logged: true, apiKey: false, faults: true, methodNotAllowed: false };

/** The dashboard's pages: logged, never faulted. */
export const PAGE_NEEDS: RouteNeeds = { logged: true, apiKey: false, faults: false, methodNotAllowed: false };

/** The harness (the admin API, health, readiness, metrics): not traffic a client wants to inspect. */
export const HARNESS_NEEDS: RouteNeeds = {
  logged: false,
  apiKey: false,
  faults: false,
  methodNotAllowed: false,
};
