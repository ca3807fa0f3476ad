import type { Migration } from '../migrate.js';

/**
 * An upload link refused by the checks keeps why in words (`end_detail`): its bytes are deleted at
 * once, yet every later complete answers 422 upload_rejected saying what the file was not
 * ("random.mp4 is not an MP4, MOV or WebM video: its first bytes are ..."). Links ended before keep
 * none and answer as they did.
 */
export const migration024UploadEndDetail: Migration = {
  id: 24,
  name: 'upload-end-detail',
  up(db) {
    db.exec('ALTER TABLE upload_links ADD COLUMN end_detail TEXT;');
  },
};
