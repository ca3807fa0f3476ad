import { LIBRARY_LIST_PARAMETERS, LibraryListQuerySchema } from '@socialpub/core';
import { Hono } from 'hono';
import { listLibrary } from '../domain/media/library.js';
import type { AppEnv } from '../http/context.js';
import { parseQuery } from '../http/query.js';
import type { ReadAtOnce } from '../http/read-headers.js';
import { READ_HEADERS } from '../http/read-headers.js';
import type { Services } from '../services.js';

/**
 * GET /api/v2/media/files, the media library. Every plan may use it. It is not counted in the 60
 * reads a minute: Limits, Reads names only GET accounts, options, posts and posts/{id}.
 */
export function mediaFilesRead(services: Services): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    const { value, warnings } = parseQuery(c, LibraryListQuerySchema, LIBRARY_LIST_PARAMETERS);
    const page = listLibrary(services.repos, services.media.retention, {
      accountId: account.id,
      query: value,
      warnings,
      cursorSecret: services.media.cursorSecret(),
      baseUrl: services.urls.base,
      now: services.clocks.forAccount(account.id).now(),
    });
    return c.json(page, 200, READ_HEADERS);
  };
}

/** The media library's route, its handler from api-reads.ts. */
export function mediaFilesRoutes(read: ReadAtOnce): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/api/v2/media/files', read);
}
