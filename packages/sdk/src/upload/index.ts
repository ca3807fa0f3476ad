export { Sha256 } from '@socialpub/core';
export { UPLOAD_CHUNK_SIZE, UploadTransferError } from './tus-send.js';
export { type UploadDeps, uploadMedia } from './upload-media.js';
export type { NodeReadableLike, UploadMediaOptions, UploadProgress, UploadSource } from './upload-types.js';
