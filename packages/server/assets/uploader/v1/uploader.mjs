#!/usr/bin/env node
// socialpub uploader v1 (Node.js 18 or newer, no dependencies).
// Usage: node uploader.mjs <file> <upload_url> <token> <sha256> <max_run_seconds> <check>
// Sends the file to a TUS 1.0.0 upload the service created; exits 0 done, 1 failed, 2 refused,
// 3 partial, 4 token_rejected, 5 busy, 6 bad_command, and prints one JSON line last.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { basename, extname } from 'node:path';

const DEFAULT_CHUNK = 6291456;
const PROGRESS_EVERY_MS = 15000;
const RETRIES = 5;
const STATES = ['done', 'failed', 'refused', 'partial', 'token_rejected', 'busy', 'bad_command'];

const started = Date.now();
const [file, url, tokenArgument, sha256, maxRunRaw, check] = process.argv.slice(2);
// "-" reads the token from SOCIALPUB_UPLOAD_TOKEN (the served command does this: an argument is
// readable by every local user with ps, the environment only by the user running it).
const token = tokenArgument === '-' ? (process.env.SOCIALPUB_UPLOAD_TOKEN ?? '') : tokenArgument;
delete process.env.SOCIALPUB_UPLOAD_TOKEN;
const run = { bytesSent: 0, offset: 0, size: 0 };
let progressTimer;
let finished = false;

/** Prints the last line and exits; never resolves, so `return finish(...)` stops every caller. */
function finish(code, message) {
  if (finished) return new Promise(() => {});
  finished = true;
  if (progressTimer) clearInterval(progressTimer);
  const line = {
    state: STATES[code],
    exit_code: code,
    bytes_sent: run.bytesSent,
    offset: run.offset,
    size: run.size,
    message,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`, () => process.exit(code));
  return new Promise(() => {});
}

function chunkSize() {
  // Tests may ask for smaller pieces; never larger than the service's chunk size.
  const wanted = Number(process.env.SOCIALPUB_UPLOADER_CHUNK_BYTES);
  return Number.isInteger(wanted) && wanted > 0 && wanted < DEFAULT_CHUNK ? wanted : DEFAULT_CHUNK;
}

function commandIntact() {
  if (process.argv.length !== 8) return false;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?\/storage\/uploads\/[0-9a-fA-F-]{36}$/.test(url)) return false;
  if (!/^[0-9a-f]{64}$/.test(sha256) || !/^[1-9][0-9]{0,5}$/.test(maxRunRaw) || token === '') return false;
  const expected = createHash('sha256')
    .update(`${url}\n${token}\n${sha256}\n${maxRunRaw}`)
    .digest('hex')
    .slice(0, 16);
  return expected === check;
}

const maxRunMs = Number(maxRunRaw) * 1000;
const deadline = started + maxRunMs;
const left = () => deadline - Date.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, left()))));

function headers(extra = {}) {
  return { 'x-signature': token, 'Tus-Resumable': '1.0.0', ...extra };
}

let agent;
/** The last status a failed request answered, so giving up can name a proxy's 502, 503 or 504. */
let lastFailure = 0;

/** Node's codes for a certificate the connection stopped at: trying again meets the same one. */
const CERTIFICATE_PROBLEMS = {
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is for another name',
};
const UNTRUSTED =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE)$/;

/** Stops at once on a certificate problem, in words (NODE_EXTRA_CA_CERTS for a team's own CA). */
function stopOnCertificate(error) {
  const code = error?.code;
  if (typeof code !== 'string') return;
  if (UNTRUSTED.test(code)) {
    finish(
      1,
      `the storage's certificate is not trusted (${code}): give Node your CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem, then run the same command again`,
    );
  } else if (CERTIFICATE_PROBLEMS[code]) {
    finish(
      1,
      `the storage's certificate ${CERTIFICATE_PROBLEMS[code]} (${code}): the server needs a valid certificate for its name`,
    );
  }
}

/** When retries ran out on a proxy's answer (502, 503, 504), says so; otherwise returns. */
function stopIfProxyKeptFailing() {
  if (lastFailure >= 502 && lastFailure <= 504) {
    finish(
      1,
      `gave up after retries: a proxy in front of the storage kept answering HTTP ${lastFailure} (the service is down or restarting); run the same command again in a moment`,
    );
  }
}

/**
 * One request bounded by the run's deadline; null on a network failure or timeout. node:http, not
 * fetch: fetch copies every body into a web stream, and collecting those 6 MiB copies cost more
 * than the sending. One kept-alive connection carries every request.
 */
function request(method, extraHeaders, body) {
  const transport = url.startsWith('https:') ? https : http;
  agent ??= new transport.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve) => {
    const req = transport.request(url, {
      method,
      agent,
      headers: { ...headers(extraHeaders), 'Content-Length': String(body ? body.length : 0) },
    });
    const timer = setTimeout(() => req.destroy(), Math.max(1, left()));
    const failed = () => {
      clearTimeout(timer);
      resolve(null);
    };
    req.once('error', (error) => {
      stopOnCertificate(error);
      failed();
    });
    req.once('response', (res) => {
      res.once('error', failed);
      res.once('close', () => {
        if (!res.complete) failed();
      });
      res.once('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        if (status >= 500) lastFailure = status;
        const get = (name) => res.headers[name.toLowerCase()] ?? null;
        resolve({ ok: status >= 200 && status < 300, status, headers: { get } });
      });
      res.resume();
    });
    req.end(body);
  });
}

/** Maps a refusal to its exit; null when the caller should HEAD again and go on. */
function refusal(status) {
  if (status === 401 || status === 403)
    return [4, 'the upload token was rejected; get a fresh token (POST .../token)'];
  if (status === 423) return [5, 'another uploader is sending this file; wait'];
  if (status === 409) return null;
  if (status === 413)
    return [
      2,
      "the server or a proxy in front of it refused a piece as too large (HTTP 413): raise the proxy's body limit (nginx: client_max_body_size) to at least 8m, since the pieces are 6 MiB",
    ];
  if (status >= 400 && status < 500)
    return [2, `storage refused the upload (HTTP ${status}); call complete once`];
  return null;
}

async function headOffset() {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    if (left() <= 0) return finish(3, 'run time used up; run the same command again, it continues');
    const response = await request('HEAD', {});
    if (response?.ok) {
      const offset = Number(response.headers.get('upload-offset'));
      const length = Number(response.headers.get('upload-length'));
      const metadata = response.headers.get('upload-metadata') ?? '';
      if (Number.isInteger(offset) && Number.isInteger(length)) return { offset, length, metadata };
    } else if (response) {
      const exit = refusal(response.status);
      if (exit) return finish(...exit);
    }
    await sleep(1000 * 2 ** attempt);
  }
  if (left() <= 0) return finish(3, 'run time used up; run the same command again, it continues');
  stopIfProxyKeptFailing();
  return finish(1, 'gave up after retries: storage did not answer');
}

async function fileSha256(path) {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(path)) hash.update(piece);
  return hash.digest('hex');
}

// The first bytes of each type the service takes, as hex (it checks them again once the upload
// completes). An ISO file (ftyp) naming an image brand is none of them; "qt  " is MOV.
const FIRST_BYTES = [
  ['jpeg', /^ffd8ff/],
  ['png', /^89504e470d0a1a0a/],
  ['webp', /^52494646.{8}57454250/],
  ['webm', /^1a45dfa3/],
  ['mov', /^.{8}6674797071742020/],
  [
    'none',
    /^.{8}66747970(68656963|68656978|6865696d|68656973|68657663|68657678|6d696631|6d736631|61766966|61766973)/,
  ],
  ['mp4', /^.{8}66747970/],
  ['mov', /^.{8}(6d6f6f76|6d646174|77696465|66726565|736b6970|706e6f74)/],
];
const NAMED = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  webm: 'webm',
};
const WORDS = {
  jpeg: ['a JPEG image', 'jpg', 'image'],
  png: ['a PNG image', 'png', 'image'],
  webp: ['a WebP image', 'webp', 'image'],
  mp4: ['an MP4 video', 'mp4', 'video'],
  mov: ['a MOV video', 'mov', 'video'],
  webm: ['a WebM video', 'webm', 'video'],
};
const KINDS = { image: 'a JPEG, PNG or WebP image', video: 'an MP4, MOV or WebM video' };

/** Whether the file's first bytes are what its name says, in words; null when they are. */
async function contentMismatch(path) {
  const name = basename(path);
  const wanted = NAMED[extname(name).slice(1).toLowerCase()];
  if (wanted === undefined) return null;
  const handle = await open(path, 'r');
  const head = Buffer.alloc(16);
  const { bytesRead } = await handle.read(head, 0, 16, 0);
  await handle.close();
  const hex = head.subarray(0, bytesRead).toString('hex');
  const found = FIRST_BYTES.find(([, pattern]) => pattern.test(hex))?.[0] ?? 'none';
  if (found === wanted) return null;
  const stem = name.slice(0, name.length - extname(name).length);
  if (found !== 'none') {
    return `${name} is ${WORDS[found][0]}, not ${WORDS[wanted][0]}: rename it ${stem}.${WORDS[found][1]}.`;
  }
  const shown = head
    .subarray(0, Math.min(8, bytesRead))
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
  return `${name} is not ${KINDS[WORDS[wanted][2]]}: its first bytes are ${shown}.`;
}

async function main() {
  if (!commandIntact()) return finish(6, 'command not copied exactly; change only the path');
  let info;
  try {
    info = await stat(file);
  } catch {
    return finish(2, `file not found: ${file}`);
  }
  if (!info.isFile()) return finish(2, `not a file: ${file}`);
  if (info.size === 0) return finish(2, 'the file is empty');
  run.size = info.size;
  // A file whose content is not what its name says is refused before anything is sent.
  const mismatch = await contentMismatch(file);
  if (mismatch !== null) return finish(2, mismatch);
  progressTimer = setInterval(() => {
    const percent = run.size > 0 ? Math.floor((run.offset * 100) / run.size) : 0;
    process.stdout.write(`progress: ${run.offset} of ${run.size} bytes (${percent}%)\n`);
  }, PROGRESS_EVERY_MS);
  progressTimer.unref();

  let { offset, length, metadata } = await headOffset();
  run.offset = offset;
  if (length !== info.size)
    return finish(
      2,
      `the file has ${info.size} bytes, the link announced ${length}: measure again, new link`,
    );
  // Run again after complete: the storage names a ready upload in Upload-Metadata ("status" base64 "ready").
  const status = /(?:^|,)\s*status ([A-Za-z0-9+/=]+)/.exec(metadata)?.[1];
  if (offset === length && status && Buffer.from(status, 'base64').toString() === 'ready') {
    return finish(
      0,
      'the file is already stored and ready: nothing to send and nothing to complete; post it with its file_id',
    );
  }
  if (offset < length && (await fileSha256(file)) !== sha256) {
    return finish(2, 'the file changed since the link was made (SHA-256 differs): measure again, new link');
  }
  const handle = await open(file, 'r');
  const chunk = chunkSize();
  const buffer = Buffer.alloc(chunk);
  try {
    let failures = 0;
    while (offset < length) {
      if (left() <= 0) return finish(3, 'run time used up; run the same command again, it continues');
      const size = Math.min(chunk, length - offset);
      const { bytesRead } = await handle.read(buffer, 0, size, offset);
      if (bytesRead !== size) return finish(2, 'the file got shorter while sending: measure again, new link');
      const response = await request(
        'PATCH',
        { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        buffer.subarray(0, size),
      );
      if (response?.status === 204) {
        const next = Number(response.headers.get('upload-offset'));
        run.bytesSent += next - offset;
        offset = next;
        run.offset = offset;
        failures = 0;
        continue;
      }
      if (response) {
        const exit = refusal(response.status);
        if (exit) return finish(...exit);
      }
      if (left() <= 0) return finish(3, 'run time used up; run the same command again, it continues');
      // After a failed PATCH, HEAD again ("Own TUS client"); back off on repeated failures.
      if (!response || response.status >= 500) {
        failures += 1;
        if (failures > RETRIES) {
          stopIfProxyKeptFailing();
          return finish(1, 'gave up after retries: the network or storage kept failing');
        }
        await sleep(1000 * 2 ** (failures - 1));
      }
      ({ offset } = await headOffset());
      run.offset = offset;
    }
  } finally {
    await handle.close();
  }
  return finish(0, 'whole file stored; call complete');
}

main().catch((error) => finish(1, `failed: ${error instanceof Error ? error.message : String(error)}`));
