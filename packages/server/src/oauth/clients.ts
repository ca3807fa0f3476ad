import { OAUTH_LIFETIMES, OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import type { OAuthClientRecord } from '../db/oauth-clients-repo.js';
import type { Services } from '../services.js';
import { checkClientName, checkClientUri } from './client-fields.js';
import {
  type ClientMetadataFetcher,
  fetchClientMetadataDocument,
  metadataDocumentUrl,
} from './client-metadata-document.js';
import { OAuthError } from './oauth-error.js';
import { checkRedirectUris } from './redirect-uris.js';
import { removeIfUnused } from './unused-clients.js';

/**
 * Finds the app behind a `client_id`: a registered client, or a Client ID Metadata Document
 * fetched (and reused for a few minutes on the injected clock) when the id is an https URL.
 */
export class OAuthClients {
  constructor(
    private readonly services: Services,
    private readonly fetcher: ClientMetadataFetcher,
  ) {}

  async resolve(clientId: string | undefined): Promise<OAuthClientRecord> {
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is missing.');
    const documentUrl = metadataDocumentUrl(clientId);
    if (!documentUrl) {
      if (removeIfUnused(this.services, clientId)) {
        throw new OAuthError(
          'invalid_client',
          `This client_id was registered more than ${OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds / 3600} hours ago and never connected, so it was removed; register the app again.`,
        );
      }
      const client = this.services.repos.oauthClients.get(clientId);
      if (client?.kind !== 'registered') {
        throw new OAuthError(
          'invalid_client',
          'This client_id is not registered here; register the app first (registration_endpoint) or use an https client metadata document URL.',
        );
      }
      return client;
    }
    const now = this.services.clock.now();
    const cached = this.services.repos.oauthClients.get(clientId);
    if (
      cached?.kind === 'metadata_document' &&
      cached.fetchedAt &&
      now.getTime() - Date.parse(cached.fetchedAt) < OAUTH_LIFETIMES.clientMetadataCacheSeconds * 1000
    ) {
      return cached;
    }
    const fields = await fetchClientMetadataDocument(documentUrl, this.fetcher);
    const client: OAuthClientRecord = {
      clientId,
      kind: 'metadata_document',
      clientName: checkClientName(fields.client_name),
      clientUri: checkClientUri(fields.client_uri),
      redirectUris: documentRedirectUris(fields.redirect_uris, clientId),
      tokenEndpointAuthMethod: 'none',
      createdAt: cached?.createdAt ?? now.toISOString(),
      fetchedAt: now.toISOString(),
    };
    this.services.repos.oauthClients.save(client);
    return client;
  }

  /** The name the consent and Connected apps pages show. */
  static displayName(client: Pick<OAuthClientRecord, 'clientName' | 'clientId'> | null): string {
    if (client?.clientName) return client.clientName;
    return client ? `Unnamed app (${client.clientId.slice(0, 8)})` : 'Unknown app';
  }
}

/** A document's bad redirect URIs make the client itself unusable: `invalid_client`, saying why. */
function documentRedirectUris(value: unknown, clientId: string): string[] {
  try {
    return checkRedirectUris(value);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    throw new OAuthError('invalid_client', `The client metadata document ${clientId}: ${error.description}`);
  }
}
