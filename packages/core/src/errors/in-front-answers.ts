import { LIMITS } from '../limits/limits.js';

/**
 * Answers that did not come from the service but from something in front of it (a reverse proxy
 * such as nginx), and connections a certificate stopped, in words the SDK and the CLI both print.
 * The service's own errors are always JSON with a code; a body that is not is the proxy's page,
 * which is never shown as it is.
 */

/** The upload pieces, in whole MiB: a proxy must let at least this much through per request. */
const PIECE_MIB = Math.ceil(LIMITS.uploadLink.chunkSizeBytes / 1024 / 1024);

/** The reason phrases of the statuses a proxy answers itself (RFC 9110). */
const REASONS: Readonly<Record<number, string>> = {
  413: 'Content Too Large',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * One sentence for an error answer whose body is not the service's JSON: what happened, with its
 * status, and what to do. Never the body itself (a proxy's HTML page).
 */
export function answerFromInFront(status: number): string {
  const reason = REASONS[status];
  const named = reason === undefined ? `HTTP ${status}` : `HTTP ${status} ${reason}`;
  if (status === 413) {
    return (
      `The server or a proxy in front of it refused the request as too large (${named}) before the service ` +
      `read it: raise the proxy's body limit (nginx: client_max_body_size, 1m by default) to at least ` +
      `${PIECE_MIB + 2}m, since uploads send pieces of ${PIECE_MIB} MiB.`
    );
  }
  if (status === 502 || status === 503 || status === 504) {
    return (
      `The service did not answer: a proxy in front of it said ${named} (the service is down, starting ` +
      `or restarting, or too slow to answer); try again in a moment.`
    );
  }
  return `The server answered ${named} with a page that is not the service's answer (a proxy in front of it, or another server at this address).`;
}

/** Node's codes for a certificate the system does not trust (tls.checkServerIdentity and OpenSSL). */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
]);

/** Whether a system error code is one of a certificate the connection stopped at. */
export function isCertificateProblem(systemCode: string): boolean {
  return (
    UNTRUSTED.has(systemCode) ||
    systemCode === 'CERT_HAS_EXPIRED' ||
    systemCode === 'CERT_NOT_YET_VALID' ||
    systemCode === 'ERR_TLS_CERT_ALTNAME_INVALID'
  );
}

/**
 * The sentence for a connection to `origin` that its certificate stopped, or undefined for any other
 * code. Nothing was sent, and trying again meets the same certificate.
 */
export function certificateProblem(systemCode: string, origin: string): string | undefined {
  if (UNTRUSTED.has(systemCode)) {
    return (
      `Could not connect to ${origin}: its certificate is not trusted (${systemCode}). Nothing was sent. ` +
      "A certificate from your own authority (a team's CA) must be given to Node: " +
      'NODE_EXTRA_CA_CERTS=/path/to/ca.pem.'
    );
  }
  if (systemCode === 'CERT_HAS_EXPIRED' || systemCode === 'CERT_NOT_YET_VALID') {
    const when = systemCode === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet';
    return `Could not connect to ${origin}: its certificate ${when} (${systemCode}). Nothing was sent; the server needs a current certificate.`;
  }
  if (systemCode === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `Could not connect to ${origin}: its certificate is for another name (${systemCode}). Nothing was sent; use the name the certificate was made for.`;
  }
  return undefined;
}
