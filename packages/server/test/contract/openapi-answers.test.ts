import { describe, expect, it } from 'vitest';
import { checkAnswer } from './openapi-answers.js';

// The check itself must be able to fail: each answer below disagrees with the document in one way.

const json = { 'content-type': 'application/json' };
const service = {
  post_id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  scheduled_post_id: null,
  status_url: 'http://127.0.0.1:8787/api/v2/posts/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
};

function answer(
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = json,
) {
  return {
    method,
    path,
    status,
    headers: new Headers(headers),
    body: body === '' ? '' : JSON.stringify(body),
  };
}

describe('checkAnswer', () => {
  it('accepts an answer the document describes', () => {
    expect(checkAnswer(answer('GET', '/api/v2/accounts', 200, { data: [] }))).toEqual([]);
    expect(
      checkAnswer(
        answer('POST', '/api/v2/posts', 403, { error: { code: 'x_rejected', message: 'no' }, service }),
      ),
    ).toEqual([]);
  });

  it('names a status the operation does not list', () => {
    const problems = checkAnswer(
      answer('GET', '/api/v2/accounts', 418, { error: { code: 'x', message: 'm' } }),
    );
    expect(problems.join()).toContain('status 418 is not described');
  });

  it('names a body field the schema does not allow and a code the status does not list', () => {
    expect(checkAnswer(answer('GET', '/api/v2/accounts', 200, { data: [], extra: 1 })).join()).toContain(
      'additional properties',
    );
    const wrongCode = answer('GET', '/api/v2/posts', 400, {
      error: { code: 'post_not_found', message: 'm' },
    });
    expect(checkAnswer(wrongCode).join()).toContain('must be equal to one of the allowed values');
  });

  it('names a top-level field beside error that the posts error body does not describe', () => {
    // `error` is open (codes add their own fields); the top level has exactly `error` and `service`.
    const top = answer('POST', '/api/v2/posts', 403, {
      error: { code: 'x_rejected', message: 'no' },
      servce: 1,
    });
    expect(checkAnswer(top).join()).toContain('additional properties');
  });

  it('names a HEAD answer with a content type but no body the document describes', () => {
    const head = answer('HEAD', '/storage/uploads/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', 401, '', json);
    expect(checkAnswer(head).join()).toContain('no body is described, yet Content-Type');
  });

  it('names an integer header that is not one', () => {
    const limited = answer(
      'GET',
      '/api/v2/accounts',
      429,
      { error: { code: 'rate_limited', message: 'm', retry_after_seconds: 5 } },
      { ...json, 'retry-after': 'soon' },
    );
    expect(checkAnswer(limited).join()).toContain('header Retry-After "soon" is not an integer');
  });

  it('checks admin answers against the admin document', () => {
    expect(
      checkAnswer(answer('GET', '/admin/v1/clock', 200, { now: 'yesterday', mode: 'virtual' })).join(),
    ).toContain('date-time');
    expect(
      checkAnswer(
        answer('GET', '/admin/v1/clock', 200, { now: '2026-03-02T10:00:00.000Z', mode: 'virtual' }),
      ),
    ).toEqual([]);
  });

  it('accepts 404 at an unknown address and skips the pages outside both documents', () => {
    expect(
      checkAnswer(answer('GET', '/api/v2/nowhere', 404, { error: { code: 'not_found', message: 'm' } })),
    ).toEqual([]);
    expect(checkAnswer(answer('GET', '/api/v2/nowhere', 200, {})).join()).toContain('no address');
    expect(
      checkAnswer(answer('GET', '/dashboard/sign-in', 200, '<html>', { 'content-type': 'text/html' })),
    ).toEqual([]);
  });
});
