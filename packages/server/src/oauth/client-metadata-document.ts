import { OAUTH_MAX_CLIENT_METADATA_BYTES } from '@socialpub/core';
import { type ImportAllowList, parseImportAllow } from '../domain/media/address-policy.js';
import { SourceFetchError, safeRequest, UnsafeAddressError } from '../domain/media/safe-fetch.js';
import { OAuthError } from './oauth-error.js';

/** What fetching a Client ID Metadata Document answered; tests inject their own fetcher. */
export interface ClientMetadataAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type ClientMetadataFetcher = (url: URL) => Promise<ClientMetadataAnswer>;

/** Real seconds the app's server gets to answer: it bounds a socket, not an API rule. */
const FETCH_TIMEOUT_MS = 5000;

/**
 * Fetches a document through the same public-address guard as URL imports: a client_id naming a
 * private, loopback or metadata address is refused before anything is sent there (SSRF), and so
 * is any redirect (a client_id document is served at its own address).
 */
export function guardedClientMetadataFetcher(importAllow: readonly string[]): ClientMetadataFetcher {
  const allow: ImportAllowList = parseImportAllow(importAllow);
  return async (url) => {
    const answer = await safeRequest(url, {
      allow,
      timeoutMs: FETCH_TIMEOUT_MS,
      headers: { accept: 'application/json' },
      maxRedirects: 0,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > OAUTH_MAX_CLIENT_METADATA_BYTES) {
        answer.body.destroy();
        throw new OAuthError(
          'invalid_client',
          `The client metadata document at ${url} is larger than ${OAUTH_MAX_CLIENT_METADATA_BYTES} bytes.`,
        );
      }
      chunks.push(chunk as Buffer);
    }
    return {
      status: answer.status,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    };
  };
}

/** Asks the app's server for its document; every failure is an `invalid_client` saying why. */
export async function fetchClientMetadataDocument(
  url: URL,
  fetcher: ClientMetadataFetcher,
): Promise<Record<string, unknown>> {
  let answer: ClientMetadataAnswer;
  try {
    answer = await fetcher(url);
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    if (error instanceof UnsafeAddressError) {
      throw new OAuthError('invalid_client', `The client_id ${url} cannot be fetched: ${error.message}`);
    }
    const reason = error instanceof SourceFetchError ? error.message : 'the request failed';
    throw new OAuthError(
      'invalid_client',
      `The client metadata document at ${url} could not be fetched: ${reason}`,
    );
  }
  if (answer.status !== 200) {
    throw new OAuthError(
      'invalid_client',
      `The client metadata document at ${url} answered HTTP ${answer.status}; it must answer 200 with JSON.`,
    );
  }
  if (answer.body.length > OAUTH_MAX_CLIENT_METADATA_BYTES) {
    throw new OAuthError(
      'invalid_client',
      `The client metadata document at ${url} is larger than ${OAUTH_MAX_CLIENT_METADATA_BYTES} bytes.`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(answer.body);
  } catch {
    throw new OAuthError('invalid_client', `The client metadata document at ${url} is not valid JSON.`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new OAuthError('invalid_client', `The client metadata document at ${url} must be a JSON object.`);
  }
  const fields = document as Record<string, unknown>;
  // The document must name itself: otherwise anyone could point a client_id at another app's page.
  if (fields.client_id !== url.toString()) {
    throw new OAuthError(
      'invalid_client',
      `The client metadata document's client_id must equal its own address ${url}; it is ${JSON.stringify(fields.client_id)}.`,
    );
  }
  if ('client_secret' in fields || 'client_secret_expires_at' in fields) {
    throw new OAuthError('invalid_client', 'A client metadata document must not contain a client_secret.');
  }
  return fields;
}

/** A client_id that is an https URL with a path names a metadata document (not a registration). */
export function metadataDocumentUrl(clientId: string): URL | null {
  if (!clientId.startsWith('https://')) return null;
  try {
    const url = new URL(clientId);
    return url.pathname.length > 1 ? url : null;
  } catch {
    return null;
  }
}
