import { readLimited } from '../http/json-body.js';

/**
 * The body of a `/mcp` POST as text, or null when it passes `limitBytes`.
 *
 * A body that declares its length within the limit is read with the request's own `text()`: behind
 * `@hono/node-server` that reads the socket directly, where reading `request.body` first builds a
 * web stream over it (measured at about a tenth of the server's CPU per tool call, bench: mcp).
 * Node's HTTP parser stops at the declared length, so the limit still holds. Chunked bodies, and
 * bodies declaring more than the limit, go through `readLimited`, which stops at the limit.
 */
export async function readMcpBody(request: Request, limitBytes: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d{1,10}$/.test(declared) && Number(declared) <= limitBytes) {
    return request.text();
  }
  return readLimited(request, limitBytes);
}
