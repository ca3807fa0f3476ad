import { getPostingOptions, listAccounts } from './accounts-operations.js';
import { getMediaStatus, importMedia, listMediaFiles } from './media-operations.js';
import type { HttpMethod, OperationDefinition } from './operation-definition.js';
import { cancelPost, createPost, getPost, listPosts } from './posts-operations.js';
import { getApiIndex, getHealth, getOpenApi } from './service-operations.js';
import { storageHead, storageOptions, storagePatch } from './storage-operations.js';
import { cancelUpload, completeUpload, createUploadLink, renewUploadToken } from './upload-operations.js';

/** Every operation of the service, in the order the OpenAPI document lists them. */
export const OPERATIONS: readonly OperationDefinition[] = [
  listAccounts,
  getPostingOptions,
  createPost,
  listPosts,
  getPost,
  cancelPost,
  importMedia,
  getMediaStatus,
  listMediaFiles,
  createUploadLink,
  renewUploadToken,
  completeUpload,
  cancelUpload,
  storageOptions,
  storageHead,
  storagePatch,
  getApiIndex,
  getHealth,
  getOpenApi,
];

export function operationById(operationId: string): OperationDefinition | undefined {
  return OPERATIONS.find((op) => op.operationId === operationId);
}

/** `/api/v2/posts/{id}` → matches `/api/v2/posts/abc`; one segment per parameter. */
function templateMatches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith('{') || part === got[i]);
}

/** The operation a request addresses, on the current or the older address. */
export function findOperation(method: HttpMethod, path: string): OperationDefinition | undefined {
  return OPERATIONS.find(
    (op) =>
      op.method === method &&
      (templateMatches(op.path, path) ||
        (op.legacyPath !== undefined && templateMatches(op.legacyPath, path))),
  );
}

/** The methods an address accepts, for the `Allow` header of a 405. */
export function allowedMethods(path: string): HttpMethod[] {
  return OPERATIONS.filter(
    (op) =>
      templateMatches(op.path, path) || (op.legacyPath !== undefined && templateMatches(op.legacyPath, path)),
  ).map((op) => op.method);
}
