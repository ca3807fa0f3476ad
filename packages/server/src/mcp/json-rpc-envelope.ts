import type { JSONRPCRequest } from '@modelcontextprotocol/server';

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One pass over a JSON-RPC request's envelope, in place of the SDK's schema checks (its
 * `isJSONRPCRequest`, and the three its protocol runs to tell answers, requests and notifications
 * apart). It accepts a subset of what the SDK's request schema accepts: exactly the keys `jsonrpc`
 * ("2.0"), `id` (a string or a safe integer), `method` (a string) and optionally `params` (an
 * object without `_meta`). Anything else is left to the SDK's own checks, which answer it as before.
 */
export function isPlainJsonRpcRequest(body: unknown): body is JSONRPCRequest {
  if (!isPlainObject(body) || body['jsonrpc'] !== '2.0' || typeof body['method'] !== 'string') return false;
  const id = body['id'];
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  for (const key in body) if (!REQUEST_KEYS.has(key)) return false;
  const params = body['params'];
  if (params === undefined) return true;
  return isPlainObject(params) && !('_meta' in params);
}
