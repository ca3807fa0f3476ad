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

/**
 * Real time, on purpose: these bound sockets held open by someone else's server, which the
 * virtual clock (API rules only) cannot move. One deadline covers the name lookup, the headers
 * and the whole body, so a document that trickles is dropped and its socket closed; and only so
 * many fetches are in flight at once, whoever asks.
 */
export interface ClientMetadataFetchBounds {
  deadlineMs: number;
  maxInFlight: number;
}

const CLIENT_METADATA_FETCH_BOUNDS: ClientMetadataFetchBounds = { deadlineMs: 5000, maxInFlight: 20 };

/**
 * Fetches a document through the same public-address guard as URL imports: a client_id naming a
 * private, loopback or metadata address is refused before anything is sent there (SSRF), and so
 * is any redirect (a client_id document is served at its own address).
 */
export function guardedClientMetadataFetcher(
  importAllow: readonly string[],
  bounds: ClientMetadataFetchBounds = CLIENT_METADATA_FETCH_BOUNDS,
): ClientMetadataFetcher {
  const allow: ImportAllowList = parseImportAllow(importAllow);
  let inFlight = 0;
  return async (url) => {
    if (inFlight >= bounds.maxInFlight) {
      throw new OAuthError(
        'temporarily_unavailable',
        `The server is fetching as many client metadata documents as it allows (${bounds.maxInFlight}); try again in a few seconds.`,
      );
    }
    inFlight++;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), bounds.deadlineMs);
    try {
      const answer = await safeRequest(url, {
        allow,
        timeoutMs: bounds.deadlineMs,
        headers: { accept: 'application/json' },
        maxRedirects: 0,
        signal: deadline.signal,
      });
      // The abort closes the request's socket; the body is destroyed too, so a reader waits no more.
      deadline.signal.addEventListener('abort', () => answer.body.destroy(), { once: true });
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
      if (deadline.signal.aborted) throw new SourceFetchError('late', true);
      return {
        status: answer.status,
        contentType: String(answer.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
    } catch (error) {
      if (deadline.signal.aborted && !(error instanceof OAuthError)) {
        throw new SourceFetchError(
          `it did not send the whole document within ${bounds.deadlineMs / 1000} seconds`,
          true,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
      inFlight--;
    }
  };
}

/** A document that did not arrive in time: it counts against the address that asked for it. */
export class LateMetadataDocument extends OAuthError {}

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
    // Never what the name resolved to, nor the socket's own error text (which names addresses):
    // the caller learns only which of these went wrong.
    if (error instanceof UnsafeAddressError) {
      throw new OAuthError(
        'invalid_client',
        `The client_id ${url} cannot be fetched: its host is not a public address.`,
      );
    }
    if (error instanceof SourceFetchError && error.timedOut) {
      throw new LateMetadataDocument(
        'invalid_client',
        `The client metadata document at ${url} could not be fetched: it did not answer in time.`,
      );
    }
    throw new OAuthError(
      'invalid_client',
      `The client metadata document at ${url} could not be fetched: the host could not be found or reached.`,
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
