import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { nodeUpload } from '../lib/node-upload.mjs';
import { printLine, printTable } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { startSampler } from '../lib/sampler.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import {
  createUploadLink,
  runUploaderCommand,
  timeComplete,
  uploadsDirOf,
} from '../lib/socialpub-upload.mjs';
import { mbPerSecond } from '../lib/stats.mjs';
import { recordAim } from '../lib/summary.mjs';
import { ensureUploadFile } from '../lib/upload-file.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
const PLACEHOLDER = '<FULL_PATH_OF_FILE>';
const GIB = 1024 ** 3;

/**
 * One upload of `file` through the Node fetch loop (6 MiB PATCHes on one keep-alive connection),
 * measured from outside (wall time, /proc CPU, RSS every 100 ms) and from inside (full GCs).
 */
async function measuredUpload(server, file, { url, chunk, headers }) {
  const before = await server.stats();
  const cpuBefore = server.cpuMs();
  const sampler = startSampler({ pid: server.pid });
  const ms = await nodeUpload({ file: file.path, url, size: file.size, chunk, headers });
  const { peakRssMb } = sampler.stop();
  const cpuMs = server.cpuMs() - cpuBefore;
  const after = await server.stats();
  const gib = file.size / GIB;
  return {
    ms,
    mbps: mbPerSecond(file.size, ms),
    cpuMsPerGib: cpuMs / gib,
    fullGcPerGib: before && after ? (after.gc.major - before.gc.major) / gib : Number.NaN,
    peakRssMb,
  };
}

/** A baseline (bare hashed sink or @tus/server): each round a new upload made by its own POST. */
async function baselineSubject(name, script, file) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-upload-'));
  const server = await startChildServer(here(script), { args: [dir] });
  return {
    server,
    dir,
    subject: {
      name,
      run: async () => {
        const created = await fetch(`${server.info.url}/files`, {
          method: 'POST',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(file.size) },
        });
        if (created.status !== 201) throw new Error(`${name}: POST answered ${created.status}`);
        const url = new URL(created.headers.get('location'), server.info.url).toString();
        const figures = await measuredUpload(server, file, { url });
        // Each round writes a new file: the last round's goes, so the disk holds one at a time.
        rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
        mkdirSync(dir, { recursive: true });
        return figures;
      },
    },
  };
}

/**
 * The upload aims: socialpub's storage endpoint (which checks the link and hashes every byte
 * with SHA-256 as it arrives) at >= 0.95x a bare node:http PATCH sink that also hashes, with at
 * most 5 full garbage collections per GiB in the server; @tus/server (no hashing) beside them. All
 * three get the same client and file, interleaved over rounds after a warm-up round. Also per
 * upload: `complete` answered right after the last byte, and the server's peak RSS.
 */
export async function benchUploads({ rounds, megabytes }) {
  const generating = performance.now();
  const file = await ensureUploadFile(megabytes);
  printLine(
    'test file',
    `${megabytes} MiB${file.generated ? `, generated in ${((performance.now() - generating) / 1000).toFixed(1)} s` : ', reused'} (bench/.tmp)`,
  );
  const sink = await baselineSubject('bare node:http sink + SHA-256', '../servers/sink.mjs', file);
  const tus = await baselineSubject(
    '@tus/server + file-store (no hash)',
    '../servers/tus-baseline.mjs',
    file,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  try {
    const url = ref.info.url;
    const [account] = await seedAccounts(url, ADMIN_TOKEN, 1, { plan: 'agency' });
    const socialpubSubject = (name, server, key) => {
      let n = 0;
      return {
        name,
        run: async () => {
          const base = server.info.url;
          const link = await createUploadLink(base, key, file, `bench-${n++}.mp4`);
          const figures = await measuredUpload(server, file, {
            url: link.upload.url,
            chunk: link.upload.chunk_size,
            headers: { 'x-signature': link.upload.token },
          });
          const complete = await timeComplete(base, key, link.file_id);
          return {
            ...figures,
            completeMs: complete.ms,
            ready: complete.status === 200 && complete.state === 'ready',
          };
        },
      };
    };
    const ours = socialpubSubject('socialpub storage (SHA-256, link check)', ref, account.apiKey);
    const results = await interleave({ subjects: [sink.subject, tus.subject, ours], rounds });
    const rows = [
      [
        'subject (Node fetch loop, 6 MiB PATCHes)',
        'MB/s median (min–max)',
        'server CPU ms/GiB',
        'full GCs/GiB',
        'peak RSS MB',
      ],
    ];
    for (const [name, figures] of Object.entries(results)) {
      rows.push([
        name,
        formatSpread(spread(figures.map((f) => f.mbps))),
        formatSpread(spread(figures.map((f) => f.cpuMsPerGib))),
        formatSpread(spread(figures.map((f) => f.fullGcPerGib)), 1),
        formatSpread(spread(figures.map((f) => f.peakRssMb))),
      ]);
    }
    console.log(`(${rounds} interleaved rounds after a warm-up round, ${megabytes} MiB each)`);
    printTable(rows);

    const mine = results[ours.name];
    const toSink = pairedRatios(mine, results[sink.subject.name], (f) => f.mbps);
    const toTus = pairedRatios(mine, results[tus.subject.name], (f) => f.mbps);
    const gc = spread(mine.map((f) => f.fullGcPerGib));
    const times = (s) => `${s.median.toFixed(2)}x (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
    recordAim({
      section: 'uploads',
      aim: `tus upload of ${megabytes} MiB >= 0.95x hashed node:http sink`,
      measured: `${formatSpread(spread(mine.map((f) => f.mbps)))} MB/s = ${times(toSink)}; ${times(toTus)} @tus/server`,
      baseline: `sink ${formatSpread(spread(results[sink.subject.name].map((f) => f.mbps)))} MB/s`,
      met: toSink.median >= 0.95,
    });
    recordAim({
      section: 'uploads',
      aim: '<= 5 full GCs per GiB (server, after the first upload)',
      measured: formatSpread(gc, 1),
      baseline: `sink ${formatSpread(spread(results[sink.subject.name].map((f) => f.fullGcPerGib)), 1)}`,
      met: gc.max <= 5,
    });
    const completeMs = spread(mine.map((f) => f.completeMs));
    const allReady = mine.every((f) => f.ready);
    recordAim({
      section: 'uploads',
      aim: `${megabytes} MiB: complete < 0.5 s after the last byte`,
      measured: `${formatSpread(completeMs, 0, ' ms')}${allReady ? ', all ready' : ', NOT all ready'}`,
      met: allReady && completeMs.max < 500,
    });
    const rss = spread(mine.map((f) => f.peakRssMb));
    recordAim({
      section: 'uploads',
      aim: `${megabytes} MiB: server RSS < 128 MB throughout`,
      measured: `peak ${rss.max.toFixed(0)} MB`,
      baseline: `sink peak ${spread(results[sink.subject.name].map((f) => f.peakRssMb)).max.toFixed(0)} MB`,
      met: rss.max < 128,
    });

    // The served Node uploader script as its command runs it: end to end, its own SHA-256 pass included.
    const link = await createUploadLink(url, account.apiKey, file, 'bench-uploader.mp4', {
      shell: 'sh',
      runner: 'node',
      max_run_seconds: 7000,
    });
    const sampler = startSampler({ pid: ref.pid, watchDir: uploadsDirOf(dataDir) });
    const run = await runUploaderCommand(link.uploader.command, PLACEHOLDER, file.path);
    const stats = sampler.stop();
    const complete = await timeComplete(url, account.apiKey, link.file_id);
    const hashingS = (stats.firstByteMs ?? 0) / 1000;
    printLine(
      'served Node uploader script (once)',
      `${mbPerSecond(file.size, run.ms).toFixed(0)} MB/s end to end, of which ${hashingS.toFixed(1)} s before the first stored byte (download, check, SHA-256 of the file); complete ${complete.state} in ${complete.ms.toFixed(0)} ms`,
    );
    recordAim({
      section: 'uploads',
      aim: 'served uploader script, end to end (figure only)',
      measured: `${mbPerSecond(file.size, run.ms).toFixed(0)} MB/s incl. ${hashingS.toFixed(1)} s hashing first`,
      met: null,
    });
    return results;
  } finally {
    await ref.stop();
    await sink.server.stop();
    await tus.server.stop();
    for (const dir of [dataDir, sink.dir, tus.dir]) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The 5 GB aim, run once (`node bench/run.mjs upload-5g`, BENCH_UPLOAD_MB=5120 by default): one
 * upload to socialpub with the server's RSS sampled every 100 ms throughout (aim < 128 MB) and
 * `complete` timed right after the last byte (aim < 0.5 s, answering ready).
 */
export async function benchBigUpload({ megabytes }) {
  const file = await ensureUploadFile(megabytes);
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  try {
    const [account] = await seedAccounts(ref.info.url, ADMIN_TOKEN, 1, { plan: 'agency' });
    const link = await createUploadLink(ref.info.url, account.apiKey, file, 'bench-big.mp4');
    const figures = await measuredUpload(ref, file, {
      url: link.upload.url,
      chunk: link.upload.chunk_size,
      headers: { 'x-signature': link.upload.token },
    });
    const complete = await timeComplete(ref.info.url, account.apiKey, link.file_id);
    printLine(
      `socialpub, one ${megabytes} MiB upload`,
      `${figures.mbps.toFixed(0)} MB/s, peak RSS ${figures.peakRssMb.toFixed(0)} MB, ${figures.fullGcPerGib.toFixed(1)} full GCs/GiB, complete ${complete.status} ${complete.state} in ${complete.ms.toFixed(0)} ms`,
    );
    recordAim({
      section: 'upload-5g',
      aim: `${megabytes} MiB once: RSS < 128 MB throughout`,
      measured: `peak ${figures.peakRssMb.toFixed(0)} MB (${figures.mbps.toFixed(0)} MB/s)`,
      met: figures.peakRssMb < 128,
    });
    recordAim({
      section: 'upload-5g',
      aim: `${megabytes} MiB once: complete < 0.5 s after the last byte`,
      measured: `${complete.ms.toFixed(0)} ms, ${complete.status} ${complete.state}`,
      met: complete.status === 200 && complete.state === 'ready' && complete.ms < 500,
    });
  } finally {
    await ref.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
