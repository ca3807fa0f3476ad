import { apiError, errorBodyFor, isConnectorChangeTool, LIMITS, readJsonText } from '@socialpub/core';
import { type Context, Hono } from 'hono';
import type { AccountsAnswerCache } from '../domain/accounts-answer.js';
import type { AppEnv } from '../http/context.js';
import { requestBase } from '../http/host-check.js';
import { onlyWhen } from '../http/route-chain.js';
import { connectorAuthInfo } from '../mcp/connector-auth-info.js';
import { resolveConnectorCaller } from '../mcp/connector-caller.js';
import type { ConnectorContext } from '../mcp/connector-context.js';
import { connectorCors } from '../mcp/connector-cors.js';
import type { ConnectorEndpoint } from '../mcp/connector-endpoint.js';
import { ConnectorIdempotency } from '../mcp/connector-idempotency.js';
import {
  calledTools,
  firstForbiddenCall,
  INSUFFICIENT_SCOPE_CHALLENGE,
  originAllowed,
  UNAUTHENTICATED_CHALLENGE,
} from '../mcp/mcp-guards.js';
import { readMcpBody } from '../mcp/read-mcp-body.js';
import { OAUTH_PATHS } from '../oauth/oauth-urls.js';
import type { Services } from '../services.js';

/**
 * Largest JSON-RPC body `/mcp` reads: core's limit for every JSON body. The largest tool input
 * (ten places with their option blocks and a long caption) is a few tens of kilobytes.
 */
const MCP_BODY_LIMIT_BYTES = LIMITS.jsonBody.maxBytes;

export interface McpRouteOptions {
  /** Browser origins allowed beside the server's own and loopback pages (e.g. a web AI app). */
  allowedOrigins?: readonly string[];
  /** The kept GET /api/v2/accounts answers: the REST route's own, which the accounts tool is written around. */
  accountsAnswers: AccountsAnswerCache;
}

/** Tokens go in the Authorization header only (MCP authorization; OAuth 2.1 forbids the query). */
const TOKEN_QUERY_PARAMETERS = ['access_token', 'token', 'api_key', 'key'];

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: unknown = null,
) {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The tool a request calls when it is one `tools/call` message (the server then registers only it). */
function singleToolCall(body: unknown): string | undefined {
  if (Array.isArray(body) || typeof body !== 'object' || body === null) return undefined;
  const calls = calledTools(body);
  return calls.length === 1 ? calls[0]?.name : undefined;
}

/** `{base_url}/mcp`: MCP Streamable HTTP for AI apps, both protocol eras from one handler. */
export function mcpRoutes(services: Services, options: McpRouteOptions): Hono<AppEnv> {
  const context: ConnectorContext = {
    services,
    accountsAnswers: options.accountsAnswers,
    idempotency: new ConnectorIdempotency(services),
  };
  // In the name the request used: an app that reached `localhost` must be told `localhost`.
  const resourceMetadata = (c: Context<AppEnv>) =>
    `${requestBase(c, services)}${OAUTH_PATHS.resourceMetadata}`;
  // The MCP SDK and the tools load with the first request that gets past the checks below.
  let endpoint: Promise<ConnectorEndpoint> | undefined;
  const connectorEndpoint = () => {
    endpoint ??= import('../mcp/connector-endpoint.js').then(({ createConnectorEndpoint }) =>
      createConnectorEndpoint(context, MCP_BODY_LIMIT_BYTES),
    );
    return endpoint;
  };
  services.onClose.push(async () => {
    if (endpoint !== undefined) await (await endpoint).close();
  });

  const challenge = (c: Context<AppEnv>, presented: boolean) => {
    const error = apiError(
      'unauthorized',
      presented
        ? 'The token is not valid, expired or was revoked; sign in again.'
        : 'Sign in (OAuth) or send a paid plan’s API key as "Authorization: Bearer <token>".',
    );
    const header = UNAUTHENTICATED_CHALLENGE(resourceMetadata(c), presented);
    c.set('errorCode', 'unauthorized');
    return c.json(errorBodyFor(error, 'standard'), 401, { 'WWW-Authenticate': header });
  };

  const routes = new Hono<AppEnv>();
  // Only a browser sends Origin (or a preflight): every other call runs the route's handler alone,
  // which the pipeline answers without chaining middleware around it.
  const fromBrowser = (c: Context<AppEnv>) =>
    c.req.method === 'OPTIONS' || (c.req.header('origin') ?? '') !== '';
  routes.use('/mcp', onlyWhen(fromBrowser, connectorCors(services, options.allowedOrigins ?? [])));
  routes.all('/mcp', async (c) => {
    // Most requests have no query string: no URL is parsed for them.
    const href = c.req.url;
    const query = href.includes('?') ? new URL(href).searchParams : undefined;
    if (query !== undefined && TOKEN_QUERY_PARAMETERS.some((name) => query.has(name))) {
      return jsonRpcError(
        400,
        -32600,
        'Send the token in the Authorization header only, never in the address.',
      );
    }
    const ownOrigins = [requestBase(c, services), services.urls.base];
    if (!originAllowed(c.req.header('origin'), ownOrigins, options.allowedOrigins ?? [])) {
      return jsonRpcError(403, -32600, 'This Origin may not use the connector.');
    }
    const resolved = resolveConnectorCaller(services, c.req.header('authorization'));
    if (resolved.kind === 'unauthenticated') return challenge(c, resolved.presented);
    if (resolved.kind === 'plan_required') {
      const error = apiError(
        'plan_required',
        'The AI-app connector needs a paid plan (Beginner or higher); a Free account uses the REST API only.',
        {
          extra: {
            required: 'beginner',
            plan: resolved.account.plan,
            upgrade_url: `${services.urls.base}/dashboard/plan`,
          },
        },
      );
      c.set('errorCode', 'plan_required');
      return c.json(errorBodyFor(error, 'standard'), 403);
    }
    const caller = resolved.caller;

    let text: string | null = '';
    if (c.req.method === 'POST') {
      text = await readMcpBody(c.req.raw, MCP_BODY_LIMIT_BYTES);
      if (text === null) {
        return jsonRpcError(413, -32600, `The request body is larger than ${MCP_BODY_LIMIT_BYTES} bytes.`);
      }
    }
    let parsed: unknown;
    if (text !== '') {
      // Nesting is bounded before parsing (core's LIMITS.jsonBody, every JSON address): a deeper
      // body is a JSON-RPC parse error, and nothing walks it. Not JSON: the transport answers it.
      const reading = readJsonText(text);
      if (!reading.ok && reading.reason === 'too_deep') return jsonRpcError(400, -32700, reading.message);
      parsed = reading.ok ? reading.value : undefined;
    }
    if (caller.kind === 'grant' && parsed !== undefined) {
      const forbidden = firstForbiddenCall(parsed, caller.grant.scopes);
      if (forbidden !== undefined && isConnectorChangeTool(forbidden.name)) {
        return jsonRpcError(
          403,
          -32600,
          `${forbidden.name} changes the account and this app has read-only permission; nothing was done.`,
          { 'WWW-Authenticate': INSUFFICIENT_SCOPE_CHALLENGE(resourceMetadata(c)) },
          forbidden.id ?? null,
        );
      }
    }
    // A parsed body is handed to the SDK as `parsedBody`, which then never reads the request's own
    // body: the request itself goes on (no copy of its headers and body per call). Anything else
    // (a body that is not JSON) is answered by the SDK from a copy that still holds the text.
    const request =
      parsed !== undefined
        ? c.req.raw
        : new Request(c.req.raw.url, {
            method: c.req.method,
            headers: c.req.raw.headers,
            ...(c.req.method === 'POST' ? { body: text } : {}),
          });
    const authInfo = connectorAuthInfo(caller, singleToolCall(parsed));
    const headers = {
      method: c.req.method,
      accept: c.req.header('accept'),
      contentType: c.req.header('content-type'),
      protocolVersion: c.req.header('mcp-protocol-version'),
      mcpMethod: c.req.header('mcp-method'),
      mcpName: c.req.header('mcp-name'),
    };
    return (await connectorEndpoint()).answer({ request, headers, parsed, caller, authInfo });
  });
  return routes;
}
