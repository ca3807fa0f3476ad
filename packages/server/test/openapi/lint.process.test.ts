import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { adminDocumentOptions } from '../../src/admin/admin-document.js';
import { buildOpenApiDocument, toYaml } from '../../src/openapi/index.js';

const run = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'socialpub-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Outside tools read the served documents: Redocly's recommended rules (redocly.yaml) must find no
// error in either. Warnings are printed but do not fail.
describe('redocly lint', () => {
  it('finds no error in the public and the admin OpenAPI documents', async () => {
    const serverUrl = 'http://127.0.0.1:8787';
    const files = {
      'openapi.yaml': buildOpenApiDocument({ serverUrl }),
      'admin-openapi.yaml': buildOpenApiDocument(adminDocumentOptions(() => serverUrl)),
    };
    for (const [name, doc] of Object.entries(files)) writeFileSync(join(dir, name), toYaml(doc));
    const result = await run(
      join(REPO_ROOT, 'node_modules/.bin/redocly'),
      ['lint', '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'stylish', ...Object.keys(files)],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    expect('code' in result ? result.code : 0, output).toBe(0);
    expect(output).not.toMatch(/\berror\b.*\(/i);
  });
});
