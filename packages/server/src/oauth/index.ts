export { OAuthAccessTokenVerifier } from './access-token-verifier.js';
export {
  type ClientMetadataAnswer,
  type ClientMetadataFetcher,
  guardedClientMetadataFetcher,
} from './client-metadata-document.js';
export { OAuthClients } from './clients.js';
export { consentToApp, disconnectApp } from './grants.js';
export { mountOAuth } from './mount-oauth.js';
export { OAUTH_PATHS, oauthUrls } from './oauth-urls.js';
