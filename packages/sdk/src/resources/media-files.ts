import { PagePromise } from '../pagination.js';
import type { RequestOptions, Transport } from '../transport.js';
import type { LibraryItem, LibraryPage } from '../types.js';

export interface LibraryListParams {
  /** 1 to 120 characters; the file name holds every word. */
  name_contains?: string;
  type?: 'image' | 'video';
  /** Date-time with a zone; the service reads 2 minutes earlier, so pages overlap. */
  since?: string;
  /** 1 to 100, default 20. */
  limit?: number;
  cursor?: string;
  include_unconfirmed?: boolean;
}

/** GET /media/files: the media library, newest first. */
export class MediaFiles {
  constructor(private readonly transport: Transport) {}

  list(params: LibraryListParams = {}, options?: RequestOptions): PagePromise<LibraryItem, LibraryPage> {
    const { cursor, ...query } = params;
    return new PagePromise<LibraryItem, LibraryPage>(
      async (next) => {
        const response = await this.transport.request<LibraryPage>({
          method: 'GET',
          path: '/api/v2/media/files',
          query: { ...query, cursor: next },
          options,
        });
        return response.data;
      },
      cursor,
      // "skip ids already handled": overlapping pages never yield a file twice.
      (item) => item.file_id,
    );
  }
}
