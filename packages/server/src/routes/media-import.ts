import { apiError } from '@socialpub/core';
import { type Context, Hono } from 'hono';
import { readMediaStatus } from '../domain/media/media-status.js';
import type { AppEnv } from '../http/context.js';
import { JSON_BODY_LIMIT_BYTES, readBodyText } from '../http/json-body.js';
import type { Services } from '../services.js';
import { READ_HEADERS } from './read-headers.js';

/**
 * POST /api/v2/media and the older media address (same request, "Older addresses"), and the
 * status request GET /api/v2/media?file_id= (current address only; the older one answers GET with
 * 405 through the method guard). Answers use the media import body family (`{error: 'message'}`
 * with `code` beside it), chosen by the address in http/error-response.
 */
async function readImportBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const invalid = () => apiError('invalid_json', 'The body is not valid JSON; send {"url": "..."}.');
  const text = await readBodyText(c.req.raw, JSON_BODY_LIMIT_BYTES);
  if (text === null) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid();
  }
  // Valid JSON that is not an object has no `url`: the url refusal says what to send.
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function mediaImportRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const importHandler = async (c: Context<AppEnv>) => {
    const { account } = c.get('caller');
    const body = await readImportBody(c);
    const answer = await services.media.importer.importFromUrl(account, body);
    return c.json(answer.body, answer.status);
  };
  routes.post('/api/v2/media', importHandler);
  routes.post('/legacy/media', importHandler);

  routes.get('/api/v2/media', (c) => {
    const { account } = c.get('caller');
    const view = readMediaStatus(services.repos, account.id, c.req.query('file_id'), services.urls.base);
    return c.json(view, 200, READ_HEADERS);
  });
  return routes;
}
