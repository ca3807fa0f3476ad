import { apiError, readJsonText } from '@socialpub/core';
import { type Context, Hono } from 'hono';
import { readMediaStatus } from '../domain/media/media-status.js';
import type { AppEnv } from '../http/context.js';
import { JSON_BODY_LIMIT_BYTES, readBodyText } from '../http/json-body.js';
import type { ReadAtOnce } from '../http/read-headers.js';
import { READ_HEADERS } from '../http/read-headers.js';
import type { Services } from '../services.js';

/**
 * POST /api/v2/media and the older media address (same request, "Older addresses"), and the
 * status request GET /api/v2/media?file_id= (current address only; the older one answers GET with
 * 405 through the method guard). Answers use the media import body family (`{error: 'message'}`
 * with `code` beside it), chosen by the address in http/error-response.
 */
async function readImportBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await readBodyText(c, JSON_BODY_LIMIT_BYTES);
  // A body over the limit is the 400 invalid-JSON row, not 413: on this address 413 means the
  // file at `url` is over 20 MB or 5 GB (with its `size`), and a client told that would look for a
  // smaller file; this body is a request to fix, and the message says why.
  if (text === null) {
    throw apiError(
      'invalid_json',
      `The body is larger than ${JSON_BODY_LIMIT_BYTES} bytes; send only {"url": "..."}.`,
    );
  }
  const reading = readJsonText(text);
  if (!reading.ok) {
    const why = reading.reason === 'too_deep' ? reading.message : 'The body is not valid JSON.';
    throw apiError('invalid_json', `${why} Send {"url": "..."}.`);
  }
  const value = reading.value;
  // Valid JSON that is not an object has no `url`: the url refusal says what to send.
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** GET /api/v2/media?file_id=: an import's status. */
export function mediaStatusRead(services: Services): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    const view = readMediaStatus(services.repos, account.id, c.req.query('file_id'), services.urls.base);
    return c.json(view, 200, READ_HEADERS);
  };
}

/** The import's addresses; the status read's handler from api-reads.ts. */
export function mediaImportRoutes(services: Services, statusRead: ReadAtOnce): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const importHandler = async (c: Context<AppEnv>) => {
    const { account } = c.get('caller');
    const body = await readImportBody(c);
    const answer = await services.media.importer.importFromUrl(account, body);
    return c.json(answer.body, answer.status);
  };
  routes.post('/api/v2/media', importHandler);
  routes.post('/legacy/media', importHandler);

  routes.get('/api/v2/media', statusRead);
  return routes;
}
