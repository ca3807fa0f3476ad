import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, spawnServerProcess } from '../helpers/test-app.js';

/**
 * reference-server.md, Storage: "SIGINT/SIGTERM: stop accepting, finish requests in flight
 * (bounded), close the database cleanly". The server runs as a child process on a temp data dir,
 * on the system clock so a network's `latency_ms` keeps a request in flight for real.
 */

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Spawned {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnServer(dataDir: string): Promise<Spawned> {
  const child = spawnServerProcess(dataDir, { SOCIALPUB_CLOCK: 'system' });
  children.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return new Promise((started, failed) => {
    let out = '';
    const timer = setTimeout(() => failed(new Error(`server did not start: ${out}`)), 150_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        started({ child, url: match[1], exited });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then(({ code }) => failed(new Error(`server exited ${code} before listening: ${out}`)));
  });
}

/** Resolves once the child has printed a line matching `pattern` on stdout. */
function printed(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((done) => {
    let out = '';
    const look = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) {
        child.stdout?.off('data', look);
        done();
      }
    };
    child.stdout?.on('data', look);
  });
}

interface HeldRequest {
  /** Resolves once the server has read the request's head and answered 100 Continue: it is in flight. */
  inFlight: Promise<void>;
  /** Sends the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
}

/**
 * A JSON POST sent as `Expect: 100-continue`: the server takes the request up before its body is
 * sent, so the test knows the request is in flight and chooses when its work starts.
 */
function heldRequest(url: string, auth: string, body: unknown): HeldRequest {
  const payload = JSON.stringify(body);
  const req = request(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${auth}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((done, failed) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', failed);
  });
  const inFlight = new Promise<void>((done) => req.once('continue', () => done()));
  req.flushHeaders();
  return {
    inFlight,
    finish() {
      req.end(payload);
      return answer;
    },
  };
}

async function send(url: string, method: string, auth: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json', connection: 'close' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function admin<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(`${url}/admin/v1${path}`, method, ADMIN_TOKEN, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh TCP connection (no pooled keep-alive socket): its error code, or the status it got. */
function freshConnection(url: string): Promise<string | number> {
  return new Promise((done) => {
    const req = request(`${url}/health`, { agent: false }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end();
  });
}

describe.each(['SIGTERM', 'SIGINT'] as const)('graceful shutdown on %s', (signal) => {
  it('finishes the request in flight, refuses new connections, exits 0 and keeps the post', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-shutdown-'));
    dirs.push(dataDir);
    const first = await spawnServer(dataDir);
    const { account_id } = await admin<{ account_id: string }>(first.url, 'POST', '/accounts', {});
    const { api_key } = await admin<{ api_key: string }>(first.url, 'POST', `/accounts/${account_id}/keys`, {
      name: 'shutdown',
    });
    const { profile_id } = await admin<{ profile_id: string }>(
      first.url,
      'POST',
      `/accounts/${account_id}/profiles`,
      { name: 'Slow' },
    );
    await admin(first.url, 'PUT', `/profiles/${profile_id}/networks/linkedin`, {
      simulate: { latency_ms: 1500 },
    });

    const started = Date.now();
    const inFlight = heldRequest(`${first.url}/api/v2/posts`, api_key, {
      post: { accountId: profile_id, platform: 'linkedin', content: { text: 'sent during shutdown' } },
    });
    await inFlight.inFlight;
    const stopping = printed(first.child, new RegExp(`${signal} received`));
    first.child.kill(signal);
    await stopping;
    // New connections are refused while the request is still in flight (its body not yet sent).
    // One that reached the listener as it closed may be answered or reset: the next one is tried.
    let late = await freshConnection(first.url);
    while (typeof late === 'number' || late === 'ECONNRESET') late = await freshConnection(first.url);

    const res = await inFlight.finish();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as { service: { post_id: string } };
    expect(body.service.post_id).toEqual(expect.any(String));
    expect(late).toBe('ECONNREFUSED');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // Closed cleanly: the WAL was checkpointed into the database file, which opens intact.
    const walFile = join(dataDir, 'socialpub.db-wal');
    expect(existsSync(walFile) ? statSync(walFile).size : 0).toBe(0);
    const db = new Database(join(dataDir, 'socialpub.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const row = db.prepare('SELECT status FROM post_records WHERE id = ?').get(body.service.post_id);
      expect(row).toEqual({ status: 'success' });
    } finally {
      db.close();
    }

    const second = await spawnServer(dataDir);
    try {
      const read = await send(`${second.url}/api/v2/posts/${body.service.post_id}`, 'GET', api_key);
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ id: body.service.post_id, platform: 'linkedin' });
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }
  });
});
