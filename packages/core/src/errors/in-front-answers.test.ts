import { describe, expect, it } from 'vitest';
import { answerFromInFront, certificateProblem, isCertificateProblem } from './in-front-answers.js';

describe('answers from in front of the service', () => {
  it('says a 413 was the server or a proxy refusing the size, and how to raise nginx limit', () => {
    const text = answerFromInFront(413);
    expect(text).toContain(
      'The server or a proxy in front of it refused the request as too large (HTTP 413 Content Too Large)',
    );
    expect(text).toContain('client_max_body_size');
    expect(text).toContain('at least 8m, since uploads send pieces of 6 MiB');
  });

  it.each([
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
  ])('makes a %i from a proxy one sentence with its status', (status, reason) => {
    const text = answerFromInFront(status);
    expect(text).toBe(
      `The service did not answer: a proxy in front of it said HTTP ${status} ${reason} (the service is down, starting or restarting, or too slow to answer); try again in a moment.`,
    );
    expect(text.split('. ')).toHaveLength(1);
  });

  it('names any other status without a reason phrase it does not know', () => {
    expect(answerFromInFront(418)).toContain('HTTP 418 with a page that is not the service');
  });
});

describe('certificate problems', () => {
  it.each(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'])(
    '%s: not trusted, and NODE_EXTRA_CA_CERTS named',
    (code) => {
      const text = certificateProblem(code, 'https://sandbox.example');
      expect(text).toContain(
        `Could not connect to https://sandbox.example: its certificate is not trusted (${code})`,
      );
      expect(text).toContain('NODE_EXTRA_CA_CERTS');
      expect(isCertificateProblem(code)).toBe(true);
    },
  );

  it('says an expired certificate or one for another name as such', () => {
    expect(certificateProblem('CERT_HAS_EXPIRED', 'https://a')).toContain('its certificate has expired');
    expect(certificateProblem('ERR_TLS_CERT_ALTNAME_INVALID', 'https://a')).toContain('for another name');
  });

  it('leaves other codes alone', () => {
    expect(certificateProblem('ECONNRESET', 'https://a')).toBeUndefined();
    expect(isCertificateProblem('ECONNRESET')).toBe(false);
  });
});
