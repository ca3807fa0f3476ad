import type { BuildOpenApiOptions } from '../openapi/build-document.js';
import { ADMIN_OPERATIONS } from './admin-operations.js';

export { ADMIN_OPENAPI_PATH } from './admin-document-path.js';

/**
 * The options that turn the admin operations table into the admin API's OpenAPI 3.1 document,
 * built by the same code as the public one.
 */
export function adminDocumentOptions(serverUrl: () => string): BuildOpenApiOptions {
  return {
    get serverUrl() {
      return serverUrl();
    },
    operations: ADMIN_OPERATIONS,
    title: 'socialpub reference server: admin API',
    version: '1.0.0',
    description:
      'The reference server’s own surface (accounts, keys, profiles, network connections with `simulate`, ' +
      'dashboard media, the clock, faults, the request journal, the outbox and the network inbox of what ' +
      'each simulated network accepted). Enabled only when ' +
      '`SOCIALPUB_ADMIN_TOKEN` is set; every operation but this document needs ' +
      '`Authorization: Bearer <ADMIN_TOKEN>`. Errors are `{error: {code, message}}`.',
    errorCatalog: false,
  };
}
