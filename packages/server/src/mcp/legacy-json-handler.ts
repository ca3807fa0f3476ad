import {
  type AuthInfo,
  type McpServerFactory,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

/**
 * 2025-era requests served statelessly like the SDK's own fallback, but answered as one JSON body
 * (`enableJsonResponse`) rather than an event stream: the tools send no progress before their
 * result, and a plain JSON answer costs the server less per call (bench: mcp). GET and DELETE
 * (2025 session operations) have no meaning without sessions: 405, as the SDK answers them.
 */
export function legacyJsonHandler(factory: McpServerFactory, maxRequestBodySize: number) {
  return async (
    request: Request,
    options: { authInfo: AuthInfo; parsedBody: unknown },
  ): Promise<Response> => {
    if (request.method.toUpperCase() !== 'POST') {
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } }),
        {
          status: 405,
          headers: { 'content-type': 'application/json', allow: 'POST' },
        },
      );
    }
    const server = await factory({ era: 'legacy', authInfo: options.authInfo, requestInfo: request });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize,
    } as ConstructorParameters<typeof WebStandardStreamableHTTPServerTransport>[0]);
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, options);
    } finally {
      await transport.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    }
  };
}
