import { OAUTH_LIFETIMES, OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import type { OAuthClientRecord } from '../db/oauth-clients-repo.js';
import { ClientCreationLimits } from './client-creation.js';
import { checkClientName, checkClientUri } from './client-fields.js';
import {
  type ClientMetadataFetcher,
  fetchClientMetadataDocument,
  metadataDocumentUrl,
} from './client-metadata-document.js';
import type { ClientRecordsDeps } from './client-records-deps.js';
import { OAuthError } from './oauth-error.js';
import { checkRedirectUris } from './redirect-uris.js';
import { removeIfUnused } from './unused-clients.js';

/**
 * Finds the app behind a `client_id`: a registered client, or a Client ID Metadata Document
 * fetched (and reused for a few minutes on the injected clock) when the id is an https URL.
 */
export class OAuthClients {
  /** Shared by registration and metadata documents: every new client counts against the same bounds. */
  readonly creation: ClientCreationLimits;

  constructor(
    private readonly services: ClientRecordsDeps,
    private readonly fetcher: ClientMetadataFetcher,
  ) {
    this.creation = new ClientCreationLimits(services);
  }

  /** `from` is the request's address: a metadata document seen for the first time is a new client of it. */
  async resolve(clientId: string | undefined, from = 'local'): Promise<OAuthClientRecord> {
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
          `This client_id is not registered here, or it was removed (an app that never connects is removed ${OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds / 3600} hours after it registered); register the app again (registration_endpoint) or use an https client metadata document URL.`,
        );
      }
      return client;
    }
    // Addresses that normalise alike (case of the host, default port, dot segments) are one client.
    const documentId = documentUrl.toString();
    const now = this.services.clock.now();
    const cached = this.services.repos.oauthClients.get(documentId);
    if (
      cached?.kind === 'metadata_document' &&
      cached.fetchedAt &&
      now.getTime() - Date.parse(cached.fetchedAt) < OAUTH_LIFETIMES.clientMetadataCacheSeconds * 1000
    ) {
      return cached;
    }
    if (!cached) this.creation.check(from);
    const fields = await this.creation.fetching(from, () =>
      fetchClientMetadataDocument(documentUrl, this.fetcher),
    );
    const client: OAuthClientRecord = {
      clientId: documentId,
      kind: 'metadata_document',
      clientName: checkClientName(fields.client_name),
      clientUri: checkClientUri(fields.client_uri),
      redirectUris: documentRedirectUris(fields.redirect_uris, documentId),
      tokenEndpointAuthMethod: 'none',
      createdAt: cached?.createdAt ?? now.toISOString(),
      fetchedAt: now.toISOString(),
    };
    // Checked again: other first fetches from this address may have stored clients meanwhile.
    const isNew = this.services.repos.oauthClients.get(documentId) === null;
    if (isNew) this.creation.check(from);
    this.services.repos.oauthClients.save(client);
    if (isNew) this.creation.record(from);
    return client;
  }

  /** Whether anyone ever consented to this client: only then may an error go to its redirect URI. */
  consented(clientId: string): boolean {
    return this.services.repos.oauthClients.consentedTo(clientId);
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
