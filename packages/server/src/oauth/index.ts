export type {
  ClientMetadataAnswer,
  ClientMetadataFetcher,
} from './client-metadata-document.js';
export { mountOAuth } from './mount-oauth.js';
export { OAUTH_PATHS } from './oauth-urls.js';
