import { ADDED_CONTENT_LENGTH, jsonAnswerWithNoSniff, noSniffJsonHeaders } from './security-headers.js';

const READ_CACHE_CONTROL = 'private, no-store';

/** All reads: `Cache-Control: private, no-store` (GET /accounts/{id}/options, last paragraph). */
export const READ_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': READ_CACHE_CONTROL };

/**
 * A read's 200 answer. Not `c.json(body, 200, READ_HEADERS)`: with more than one header Hono
 * builds a Headers object per answer, while a plain header object goes to the socket as it is.
 */
export function readAnswer(body: unknown): Response {
  return readJsonAnswer(JSON.stringify(body));
}

/** A read's 200 answer from JSON text already serialised (a kept answer). */
export function readJsonAnswer(json: string): Response {
  return jsonAnswerWithNoSniff(json, 200, READ_CACHE_CONTROL);
}

const READ_HEAD: readonly (string | number)[] = Object.entries(noSniffJsonHeaders(READ_CACHE_CONTROL)).flat();

/**
 * A read's 200 answer head as Node's `writeHead` takes it raw (names and values in turn): the
 * names, values and order of `readJsonAnswer`'s answer once the front door has added its length.
 */
export function readAnswerRawHead(byteLength: number): (string | number)[] {
  return [...READ_HEAD, ADDED_CONTENT_LENGTH, byteLength];
}
