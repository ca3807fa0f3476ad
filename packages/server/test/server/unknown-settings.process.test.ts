import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverListening, spawnServerProcess } from '../helpers/test-app.js';

/**
 * reference-server.md, "A team's server behind a proxy": a misspelt SOCIALPUB_* setting is named at
 * start on stderr with the nearest real one, and the server still starts (the binary, as run).
 */

let dir = '';
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the server binary with a misspelt setting', () => {
  it('warns on stderr naming the variable and the setting it is near, then starts', {
    timeout: 180_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'socialpub-unknown-setting-'));
    child = spawnServerProcess(dir, { SOCIALPUB_TRUST_PROXI: '1', SOCIALPUB_NOT_A_THING_AT_ALL: 'x' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const { url } = await serverListening(child);
    expect(stderr).toContain(
      'socialpub-server: warning: SOCIALPUB_TRUST_PROXI is not a setting socialpub reads; it is ignored. Did you mean SOCIALPUB_TRUST_PROXY?',
    );
    expect(stderr).toContain(
      'socialpub-server: warning: SOCIALPUB_NOT_A_THING_AT_ALL is not a setting socialpub reads; it is ignored.\n',
    );
    const health = await fetch(`${url.replace(/\/api\/v2$/, '')}/health`);
    expect(health.status).toBe(200);
  });

  it('says nothing when every SOCIALPUB_* variable is a setting', { timeout: 180_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'socialpub-known-settings-'));
    child = spawnServerProcess(dir, { SOCIALPUB_TRUST_PROXY: '1' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await serverListening(child);
    expect(stderr).not.toContain('is not a setting');
  });
});
