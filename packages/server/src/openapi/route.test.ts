import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createOpenApiRoute } from '../routes/openapi-route.js';

describe('GET /openapi.yaml', () => {
  it('answers the document as application/yaml', async () => {
    const app = createOpenApiRoute({ serverUrl: 'http://localhost:9999' });
    const res = await app.request('/openapi.yaml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
    const body = parse(await res.text()) as { openapi: string; servers: { url: string }[] };
    expect(body.openapi).toBe('3.1.0');
    expect(body.servers[0]?.url).toBe('http://localhost:9999');
  });

  it('answers the same bytes on every request', async () => {
    const app = createOpenApiRoute({ serverUrl: 'http://localhost:9999' });
    const first = await (await app.request('/openapi.yaml')).text();
    const second = await (await app.request('/openapi.yaml')).text();
    expect(second).toBe(first);
  });
});
