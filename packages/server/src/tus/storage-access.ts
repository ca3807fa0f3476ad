import { type ApiError, apiError } from '@socialpub/core';
import type { UploadLinkRecord, UploadLinksRepository } from '../db/upload-links-repo.js';
import type { AccountClockLookup } from '../domain/clocks/account-clocks.js';
import { sha256Hex } from '../domain/secrets.js';
import type { UploadLinkLifecycle } from '../domain/uploads/upload-link-lifecycle.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Storage answers use the upload-link body family although they live outside /api/v2. */
export const STORAGE_FAMILY = { family: 'upload_link' } as const;

function unknownUpload(): ApiError {
  return apiError('media_not_found', 'No such upload.', STORAGE_FAMILY);
}

/**
 * Who may touch an upload's bytes: the holder of a current token of this file, in `x-signature`.
 * Missing, unknown or expired: 401 (get a fresh token). A token of another file: 403. The uploaders
 * map both to exit 4 token_rejected.
 */
export class StorageAccess {
  constructor(
    private readonly links: UploadLinksRepository,
    private readonly lifecycle: UploadLinkLifecycle,
    private readonly clocks: AccountClockLookup,
    private readonly isDeleting: (accountId: string) => boolean = () => false,
  ) {}

  /** The upload, its time rules applied, or 404 when the id names none. */
  async find(rawFileId: string): Promise<UploadLinkRecord> {
    if (!UUID.test(rawFileId)) throw unknownUpload();
    const link = this.links.get(rawFileId.toLowerCase());
    if (!link) throw unknownUpload();
    if (this.isDeleting(link.accountId)) {
      throw apiError(
        'account_being_deleted',
        'This account is being deleted; its uploads take no more bytes.',
        STORAGE_FAMILY,
      );
    }
    return this.lifecycle.expireIfDue(link);
  }

  authorize(link: UploadLinkRecord, token: string | undefined): void {
    if (!token) {
      throw apiError('unauthorized', 'Send the upload token in the x-signature header.', {
        ...STORAGE_FAMILY,
        nextStep: 'Send the token of this upload in x-signature; get a fresh one with POST .../token.',
      });
    }
    const found = this.links.findToken(sha256Hex(token.trim()));
    if (found && found.fileId !== link.fileId) {
      throw apiError('forbidden', 'This upload token belongs to another file.', STORAGE_FAMILY);
    }
    if (!found || Date.parse(found.expiresAt) <= this.clocks.forAccount(link.accountId).now().getTime()) {
      throw apiError('unauthorized', 'The upload token is wrong or expired.', {
        ...STORAGE_FAMILY,
        nextStep: 'Get a fresh token with POST /api/v2/media/uploads/{file_id}/token.',
      });
    }
  }

  /**
   * HEAD of a ready upload: its tokens were deleted when it became ready, so an uploader run again
   * after `complete` holds a token that no longer exists. It may still learn that the file is done
   * (the file is public at its address by then, so this tells nothing new); a token of another
   * file is still refused, and without any token the usual 401 answers.
   */
  authorizeReadyHead(link: UploadLinkRecord, token: string | undefined): void {
    const found = token ? this.links.findToken(sha256Hex(token.trim())) : undefined;
    if (!token || (found && found.fileId !== link.fileId)) this.authorize(link, token);
  }
}
