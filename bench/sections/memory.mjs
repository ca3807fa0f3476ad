import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordAim } from '../lib/summary.mjs';

/**
 * The server's memory under two minutes of mixed load (reads, posts with and
 * without Idempotency-Key, dry runs, scheduled posts, tiktok photo posts that sharp converts, library
 * lists, upload links with tus PATCHes, admin reads of the request log). Aims: peak RSS under 200 MB, and RSS idle after the load within
 * 20 MB of idle before it. SQLite's memory map of the database file is counted apart (it is the
 * page cache of the file, shared with the kernel, and grows with the data, not with a leak).
 * Self-contained: its own server process, its own load loop (bench/lib is being reworked).
 */
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN = 'bench-memory-admin';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The quiet wait before each idle figure. */
const IDLE_WAIT_MS = 15_000;

/** RSS of a process in bytes, and the part of it that maps the database file (from smaps). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  let database = 0;
  let inDatabase = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inDatabase = /socialpub\.db(-shm|-wal)?$/.test(line.trim());
    else if (inDatabase && line.startsWith('Rss:'))
      database += Number(/(\d+) kB/.exec(line)?.[1] ?? 0) * 1024;
  }
  return { rss, database, own: rss - database };
}

/** RSS of the server's child processes (the photo worker while it runs). */
function childrenRss(pid) {
  let total = 0;
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return { rss: 0, count: 0 };
  }
  for (const child of children) {
    try {
      total += memoryOf(Number(child)).rss;
    } catch {
      // ended meanwhile
    }
  }
  return { rss: total, count: children.length };
}

function startServer(dataDir) {
  const dist = here('../../packages/server/dist/bin.js');
  const args = existsSync(dist)
    ? [dist]
    : ['--conditions=source', '--import', 'tsx', here('../../packages/server/src/bin.ts')];
  const child = spawn(process.execPath, [...args, '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SOCIALPUB_ADMIN_TOKEN: ADMIN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (piece) => {
      out += piece.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, fromSource: !existsSync(dist) });
    });
    child.stderr.on('data', () => {});
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

async function call(url, method, path, auth, body, headers = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : null };
}

/** A PNG above 1080 x 1920: a tiktok photo post converts and resizes it (sharp, libvips). */
async function bigPng() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 1500, height: 2500, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function seed(url, count) {
  const accounts = [];
  const png = (await bigPng()).toString('base64');
  for (let i = 0; i < count; i++) {
    const account = (await call(url, 'POST', '/admin/v1/accounts', ADMIN, { plan: 'skilled', x_addon: true }))
      .body;
    const key = (
      await call(url, 'POST', `/admin/v1/accounts/${account.account_id}/keys`, ADMIN, { name: 'm' })
    ).body;
    const profile = (
      await call(url, 'POST', `/admin/v1/accounts/${account.account_id}/profiles`, ADMIN, { name: `P${i}` })
    ).body;
    for (const platform of ['x', 'linkedin', 'threads']) {
      await call(url, 'PUT', `/admin/v1/profiles/${profile.profile_id}/networks/${platform}`, ADMIN, {});
    }
    await call(url, 'PUT', `/admin/v1/profiles/${profile.profile_id}/networks/tiktok`, ADMIN, {
      options: { privacy_level_options: ['SELF_ONLY'] },
    });
    const photo = (
      await call(url, 'POST', `/admin/v1/accounts/${account.account_id}/media`, ADMIN, {
        file_name: 'big.png',
        content_base64: png,
      })
    ).body;
    accounts.push({ key: key.api_key, profileId: profile.profile_id, photoId: photo.file_id });
  }
  return accounts;
}

/** One request of the mix, chosen by turn. */
async function oneRequest(url, accounts, turn) {
  const a = accounts[turn % accounts.length];
  const text = `memory ${turn} ${randomUUID()}`;
  const post = (extra = {}, headers = {}) =>
    call(
      url,
      'POST',
      '/api/v2/posts',
      a.key,
      {
        post: {
          accountId: a.profileId,
          platform: ['x', 'linkedin', 'threads'][turn % 3],
          content: { text },
          ...extra,
        },
      },
      headers,
    );
  switch (turn % 10) {
    case 0:
      return call(url, 'GET', '/api/v2/accounts', a.key);
    case 1:
      return call(url, 'GET', '/api/v2/posts?limit=50', a.key);
    case 2:
      return post({}, { 'idempotency-key': randomUUID() });
    case 3:
      return post({ scheduledFor: new Date(Date.now() + 86_400_000).toISOString() });
    case 4:
      return call(url, 'POST', '/api/v2/posts', a.key, {
        validate: { accountId: a.profileId, platform: 'x', content: { text } },
      });
    case 5:
      return call(url, 'GET', '/api/v2/media/files?limit=100', a.key);
    case 6: {
      const bytes = Buffer.alloc(200_000 + (turn % 1000), turn % 251);
      bytes[0] = 0xff;
      bytes[1] = 0xd8;
      bytes[2] = 0xff;
      const link = await call(url, 'POST', '/api/v2/media/uploads', a.key, {
        file_name: `m${turn}.jpg`,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      if (link.status !== 201) return link;
      await fetch(link.body.upload.url, {
        method: 'PATCH',
        headers: {
          'x-signature': link.body.upload.token,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      return call(url, 'POST', `/api/v2/media/uploads/${link.body.file_id}/complete`, a.key);
    }
    case 7:
      return call(url, 'GET', '/admin/v1/requests?limit=1000', ADMIN);
    case 8:
      // Every other turn a tiktok photo post (converted and resized by sharp), else a refused import.
      if (turn % 20 === 8) {
        return call(url, 'POST', '/api/v2/posts', a.key, {
          post: {
            accountId: a.profileId,
            platform: 'tiktok',
            content: { text, mediaID: [a.photoId] },
            tiktok: { privacyLevel: 'SELF_ONLY' },
          },
        });
      }
      return call(
        url,
        'POST',
        '/api/v2/media',
        a.key,
        { url: 'ftp://example.com/a.jpg' },
        { 'idempotency-key': randomUUID() },
      );
    default:
      return post({}, {});
  }
}

export async function benchMemory({ seconds = 120, accounts: accountCount = 100, concurrency = 16 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-memory-'));
  const server = await startServer(dataDir);
  const pid = server.child.pid;
  try {
    const accounts = await seed(server.url, accountCount);
    // Idle before: measured after the same quiet wait as idle after, so both see the server's idle
    // memory release (it runs a few seconds after the last request) or neither does.
    await sleep(IDLE_WAIT_MS);
    const before = memoryOf(pid);
    let peak = before;
    let workerPeak = 0;
    const sampler = setInterval(() => {
      const now = memoryOf(pid);
      if (now.rss > peak.rss) peak = now;
      workerPeak = Math.max(workerPeak, childrenRss(pid).rss);
    }, 200);
    const until = Date.now() + seconds * 1000;
    let turn = 0;
    let requests = 0;
    const statuses = new Map();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < until) {
          const answer = await oneRequest(server.url, accounts, turn++).catch(() => ({ status: 0 }));
          requests++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    clearInterval(sampler);
    const MB = 1024 * 1024;
    const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;
    // Idle after: what the server holds once the load has stopped and its timers have run.
    await sleep(IDLE_WAIT_MS);
    const after = memoryOf(pid);
    const workersAfter = childrenRss(pid);
    const statusText = [...statuses]
      .sort((x, y) => x[0] - y[0])
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `mixed load ${seconds} s, ${concurrency} at once, ${accountCount} accounts: ${requests} requests (${statusText})${server.fromSource ? ' [server from source via tsx: build first for the real figures]' : ''}`,
    );
    const row = (name, m) =>
      console.log(
        `${name.padEnd(28)} RSS ${mb(m.rss).padStart(7)}  database map ${mb(m.database).padStart(6)}  RSS without it ${mb(m.own).padStart(7)}`,
      );
    row(`idle before (${IDLE_WAIT_MS / 1000} s)`, before);
    row('peak', peak);
    row(`idle after (${IDLE_WAIT_MS / 1000} s)`, after);
    console.log(
      `photo worker (own process, ends when idle): peak RSS ${mb(workerPeak)}, running after the idle wait: ${workersAfter.count}`,
    );
    const growth = after.own - before.own;
    console.log(`idle after - idle before (without the database map): ${mb(growth)}  (aim: within 20 MB)`);
    recordAim('memory', 'peak RSS < 200 MB (without db map)', mb(peak.own), peak.own < 200 * MB);
    recordAim('memory', 'idle after within 20 MB of before', mb(growth), Math.abs(growth) <= 20 * MB);
    recordAim(
      'memory',
      'photo worker gone when idle',
      `${workersAfter.count} running`,
      workersAfter.count === 0,
    );
    return { before, peak, after, workerPeak, requests };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchMemory({ seconds: Number(process.env.BENCH_MEMORY_SECONDS ?? 120) });
}
