import { randomUUID } from 'node:crypto';
import { LIMITS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  accountWithProfile,
  type Fixture,
  type TestApp,
  tableCounts,
  testApp,
} from '../helpers/test-app.js';

/**
 * Issue 13 item 1: a body nested thousands of levels deep (with or without an Idempotency-Key)
 * answered 500 when a recursive walk overflowed the stack. Every JSON address now refuses a body
 * nested deeper than core's LIMITS.jsonBody.maxNestingDepth with its own documented 400, a message
 * that names the limit, and changes nothing.
 */
const MAX = LIMITS.jsonBody.maxNestingDepth;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let t: TestApp;
let f: Fixture;

beforeAll(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterAll(() => t.close());

type Shape = 'posts' | 'legacy' | 'media_import' | 'upload_links' | 'admin' | 'mcp';

interface JsonAddress {
  method: string;
  path: () => string;
  /** The body with DEEP where the nested value goes. */
  body: string;
  shape: Shape;
  admin?: boolean;
}

const ADDRESSES: [string, JsonAddress][] = [
  [
    'POST /api/v2/posts',
    {
      method: 'POST',
      path: () => '/api/v2/posts',
      shape: 'posts',
      body: `{"post":{"accountId":"Brand","platform":"x","content":{"text":"hi","extra":DEEP}}}`,
    },
  ],
  [
    'POST /legacy/posts',
    {
      method: 'POST',
      path: () => '/legacy/posts',
      shape: 'legacy',
      body: `{"post":{"accountId":"Brand","platform":"x","content":{"text":"hi"}},"x":DEEP}`,
    },
  ],
  [
    'POST /api/v2/media',
    {
      method: 'POST',
      path: () => '/api/v2/media',
      shape: 'media_import',
      body: `{"url":"https://example.com/a.jpg","x":DEEP}`,
    },
  ],
  [
    'POST /legacy/media',
    { method: 'POST', path: () => '/legacy/media', shape: 'media_import', body: `{"url":DEEP}` },
  ],
  [
    'POST /api/v2/media/uploads',
    {
      method: 'POST',
      path: () => '/api/v2/media/uploads',
      shape: 'upload_links',
      body: `{"file_name":"a.jpg","size_bytes":10,"sha256":"${'a'.repeat(64)}","x":DEEP}`,
    },
  ],
  [
    'POST /api/v2/media/uploads/{id}/token',
    {
      method: 'POST',
      path: () => `/api/v2/media/uploads/${randomUUID()}/token`,
      shape: 'upload_links',
      body: `{"shell":DEEP}`,
    },
  ],
  [
    'POST /admin/v1/accounts',
    {
      method: 'POST',
      path: () => '/admin/v1/accounts',
      shape: 'admin',
      admin: true,
      body: `{"plan":"skilled","x":DEEP}`,
    },
  ],
  [
    'PUT /admin/v1/profiles/{id}/networks/linkedin (options)',
    {
      method: 'PUT',
      path: () => `/admin/v1/profiles/${f.profileId}/networks/linkedin`,
      shape: 'admin',
      admin: true,
      body: `{"username":"a","options":{"deep":DEEP}}`,
    },
  ],
  [
    'PATCH /admin/v1/accounts/{id}',
    {
      method: 'PATCH',
      path: () => `/admin/v1/accounts/${f.accountId}`,
      shape: 'admin',
      admin: true,
      body: `{"plan":DEEP}`,
    },
  ],
  [
    'POST /admin/v1/faults',
    {
      method: 'POST',
      path: () => '/admin/v1/faults',
      shape: 'admin',
      admin: true,
      body: `{"match":DEEP,"answer":"drop"}`,
    },
  ],
  [
    'POST /admin/v1/clock',
    {
      method: 'POST',
      path: () => '/admin/v1/clock',
      shape: 'admin',
      admin: true,
      body: `{"advance_seconds":DEEP}`,
    },
  ],
  [
    'POST /admin/v1/accounts/{id}/media',
    {
      method: 'POST',
      path: () => `/admin/v1/accounts/${f.accountId}/media`,
      shape: 'admin',
      admin: true,
      body: `{"file_name":"a.jpg","content_base64":DEEP}`,
    },
  ],
  [
    'POST /mcp (JSON-RPC tool call)',
    {
      method: 'POST',
      path: () => '/mcp',
      shape: 'mcp',
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"service_list_accounts","arguments":{"x":DEEP}}}',
    },
  ],
];

/** How many objects and arrays are open where DEEP stands in the template. */
function outerDepth(template: string): number {
  const before = template.slice(0, template.indexOf('DEEP')).replace(/"(?:[^"\\]|\\.)*"/g, '');
  return [...before].reduce(
    (depth, char) => depth + (char === '{' || char === '[' ? 1 : char === '}' || char === ']' ? -1 : 0),
    0,
  );
}

const CASES = ADDRESSES.flatMap(([name, address]) =>
  [
    ['2,000 levels of objects', deepObject(2_000)],
    ['100,000 levels of objects', deepObject(100_000)],
    ['100,000 levels of arrays', deepArray(100_000)],
    [`${MAX + 1} levels in all (one over the limit)`, deepArray(MAX + 1 - outerDepth(address.body))],
  ].flatMap(([depthName, deep]) =>
    [false, true].map(
      (withKey) =>
        [
          `${name}, ${depthName}, ${withKey ? 'with' : 'without'} Idempotency-Key`,
          address,
          deep as string,
          withKey,
        ] as const,
    ),
  ),
);

function expectShape(shape: Shape, body: unknown): void {
  const error = (body as { error: unknown }).error;
  if (shape === 'mcp') {
    // MCP answers in JSON-RPC: a parse error (-32700) with the reason.
    expect(error).toMatchObject({ code: -32700 });
    expect((error as { message: string }).message).toContain(`deeper than ${MAX} levels`);
    return;
  }
  if (shape === 'media_import') {
    expect(typeof error).toBe('string');
    expect(error).toContain(String(MAX));
    return;
  }
  const expectedCode: string = {
    posts: 'bad_request',
    legacy: 'api_error',
    upload_links: 'invalid_request',
    admin: 'bad_request',
  }[shape];
  expect(error).toMatchObject({ code: expectedCode });
  expect((error as { message: string }).message).toContain(`deeper than ${MAX} levels`);
}

describe('JSON bodies nested too deep', () => {
  it.each(CASES)(
    '%s answers the address’s 400 and changes nothing',
    async (_name, address, deep, withKey) => {
      // A key's first use of the minute notes it (api_key_last_used): not a change the body made.
      const counts = () => ({ ...tableCounts(t), api_key_last_used: 0 });
      const before = counts();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        authorization: `Bearer ${address.admin ? ADMIN_TOKEN : f.apiKey}`,
        ...(withKey ? { 'idempotency-key': `deep-${randomUUID()}` } : {}),
      };
      const res = await t.app.request(address.path(), {
        method: address.method,
        headers,
        body: address.body.replace('DEEP', deep),
      });
      const body = (await res.json()) as unknown;
      expect(res.status).toBe(400);
      expectShape(address.shape, body);
      expect(counts()).toEqual(before);
    },
  );

  it('accepts a body nested exactly at the limit (the limit is not lower than it says)', async () => {
    const template = '{"username":"a","options":{"deep":DEEP}}';
    const res = await t.app.request(`/admin/v1/profiles/${f.profileId}/networks/linkedin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: template.replace('DEEP', deepArray(MAX - outerDepth(template))),
    });
    expect(res.status).toBe(200);
  });
});
