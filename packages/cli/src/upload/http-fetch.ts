import { httpRequest } from './http-connection.js';

/** Statuses whose answer has no body (a Response with one would throw). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` over node:http for the SDK calls `media upload` makes (link, fresh token, complete), so
 * the whole command never starts undici's client. Redirects are not followed: these API calls
 * answer none.
 */
export const httpFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const reply = await httpRequest(request.url, request.method, headers, body, request.signal);
  const empty = request.method === 'HEAD' || NO_BODY.has(reply.status);
  return new Response(empty ? null : (new Uint8Array(reply.body) as Uint8Array<ArrayBuffer>), {
    status: reply.status,
    statusText: reply.statusText,
    headers: reply.headers,
  });
};
