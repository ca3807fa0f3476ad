import {
  apiError,
  decodeCursor,
  encodeCursor,
  LIMITS,
  type LibraryItem,
  type LibraryListQuery,
  type LibraryPage,
  matchesNameSearch,
  type Warning,
} from '@socialpub/core';
import type { LibraryFileRecord } from '../../db/media-imports-repo.js';
import type { Repositories } from '../../db/repositories.js';
import { libraryItemView } from '../dashboard-media.js';
import type { MediaRetention } from './retention.js';

/** Cursor kind of this list: a cursor of another list (or server) decodes to nothing. */
const LIBRARY_CURSOR_KIND = 'media_files';

export interface LibraryListInput {
  accountId: string;
  query: LibraryListQuery;
  warnings: Warning[];
  cursorSecret: string;
  baseUrl: string;
  now: Date;
}

/** The dashboard's view of the file, with the expiry the retention rules show and the listed status. */
function libraryItem(file: LibraryFileRecord, retention: MediaRetention): LibraryItem {
  return {
    ...libraryItemView(file),
    // scanLibrary reads only the listed statuses, so the stored one is one of LibraryItem's.
    status: file.status as LibraryItem['status'],
    expires_at: retention.shownExpiry(file),
  };
}

function readCursor(
  cursor: string | undefined,
  secret: string,
  accountId: string,
): { uploadedAt: string; fileId: string } | null {
  if (cursor === undefined) return null;
  // Bound to the account: another account's cursor is foreign (400), not an empty page.
  const payload = decodeCursor(cursor, secret, LIBRARY_CURSOR_KIND, accountId);
  const uploadedAt = payload?.['u'];
  const fileId = payload?.['f'];
  if (typeof uploadedAt !== 'string' || typeof fileId !== 'string') {
    throw apiError('bad_request', 'Parameter "cursor": send `next_cursor` exactly as received.', {
      extra: { parameter: 'cursor' },
    });
  }
  return { uploadedAt, fileId };
}

function nextUrl(baseUrl: string, query: LibraryListQuery, cursor: string): string {
  const params = new URLSearchParams();
  if (query.name_contains !== undefined) params.set('name_contains', query.name_contains);
  if (query.type !== undefined) params.set('type', query.type);
  if (query.since !== undefined) params.set('since', query.since);
  params.set('limit', String(query.limit));
  if (query.include_unconfirmed) params.set('include_unconfirmed', 'true');
  params.set('cursor', cursor);
  return `${baseUrl}/api/v2/media/files?${params.toString()}`;
}

/**
 * GET /media/files: newest first by `uploaded_at`; "one request reads at most 500 files, so a page
 * may be shorter than `limit` yet have `next_url`". The cursor marks the last file read (not the
 * last one shown), so the next page continues the scan where this one stopped.
 */
export function listLibrary(
  repos: Repositories,
  retention: MediaRetention,
  input: LibraryListInput,
): LibraryPage {
  const { query } = input;
  const after = readCursor(query.cursor, input.cursorSecret, input.accountId);
  const since =
    query.since === undefined
      ? null
      : new Date(Date.parse(query.since) - LIMITS.pages.librarySinceOverlapSeconds * 1000).toISOString();
  const readLimit = LIMITS.pages.libraryFilesReadPerRequest;
  const rows = repos.mediaImports.scanLibrary({
    accountId: input.accountId,
    after,
    uploadedFrom: since,
    kind: query.type ?? null,
    includeUnconfirmed: query.include_unconfirmed,
    readLimit,
  });
  const data: LibraryItem[] = [];
  let lastRead: LibraryFileRecord | null = null;
  let readCount = 0;
  for (const file of rows) {
    lastRead = file;
    readCount++;
    if (query.name_contains === undefined || matchesNameSearch(file.fileName, query.name_contains)) {
      data.push(libraryItem(file, retention));
      if (data.length === query.limit) break;
    }
  }
  // More may follow when this page stopped before the rows read, or the read hit its 500 cap.
  const more = lastRead !== null && (readCount < rows.length || rows.length === readLimit);
  const nextCursor =
    more && lastRead
      ? encodeCursor(
          { u: lastRead.uploadedAt, f: lastRead.fileId },
          input.cursorSecret,
          LIBRARY_CURSOR_KIND,
          input.accountId,
        )
      : null;
  const page: LibraryPage = {
    data,
    next_cursor: nextCursor,
    next_url: nextCursor ? nextUrl(input.baseUrl, query, nextCursor) : null,
    now: input.now.toISOString(),
  };
  if (input.warnings.length > 0) page.warnings = input.warnings;
  return page;
}
