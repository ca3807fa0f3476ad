import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { curlUpload } from '../lib/curl-upload.mjs';
import { nodeUpload } from '../lib/node-upload.mjs';
import { printLine } from '../lib/report.mjs';
import { startSampler } from '../lib/sampler.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { sharedResults } from '../lib/shared-results.mjs';
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
const mb = (n) => `${n.toFixed(0)} MB/s`;

const CLIENTS = { curl: curlUpload, node: nodeUpload };

/**
 * Uploads the file to a baseline server (bare sink or @tus/server) once with each client (the same
 * curl loop and Node fetch loop as for socialpub), each time into a new upload made by its POST.
 */
async function baselineUpload(script, file) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-upload-'));
  const server = await startChildServer(here(script), { args: [dir] });
  try {
    const figures = {};
    for (const [client, upload] of Object.entries(CLIENTS)) {
      const created = await fetch(`${server.info.url}/files`, {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(file.size) },
      });
      if (created.status !== 201) throw new Error(`${script}: POST answered ${created.status}`);
      const url = new URL(created.headers.get('location'), server.info.url).toString();
      const sampler = startSampler({ pid: server.pid });
      const ms = await upload({ file: file.path, url, size: file.size });
      const { peakRssMb } = sampler.stop();
      figures[client] = { ms, mbps: mbPerSecond(file.size, ms), peakRssMb };
    }
    return figures;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One upload to socialpub through a new link: client run, then complete timed right after. */
async function socialpubUpload({ url, key, file, watchDir, pid, client }) {
  const link = await createUploadLink(url, key, file, `bench-${client}.mp4`);
  const sampler = startSampler({ pid, watchDir });
  const ms = await CLIENTS[client]({
    file: file.path,
    url: link.upload.url,
    size: file.size,
    chunk: link.upload.chunk_size,
    headers: { 'x-signature': link.upload.token },
  });
  const stats = sampler.stop();
  const complete = await timeComplete(url, key, link.file_id);
  return { ms, mbps: mbPerSecond(file.size, ms), stats, complete };
}

const vs = (ours, tus, sink) =>
  `| ${(ours / tus).toFixed(2)}x @tus/server (aim >= 1.3x), ${((ours / sink) * 100).toFixed(0)}% of the sink (aim >= 70%)`;
const completeLine = (run) =>
  `complete answered ${run.complete.status} ${run.complete.state} in ${run.complete.ms.toFixed(0)} ms after the last byte (aim < 500 ms); peak RSS ${run.stats.peakRssMb.toFixed(0)} MB`;

/**
 * Issue 5's aims for a large upload over loopback: socialpub's storage endpoint (which hashes every
 * byte as it arrives) at >= 1.3x @tus/server's throughput and >= 70% of a bare Node sink's, all fed
 * by the same clients (a curl loop of 6 MiB PATCHes as the brief asks, and a Node fetch loop on one
 * keep-alive connection, since curl's process per chunk blurs the servers' differences); complete
 * answering < 0.5 s after the last byte; the server's RSS under 128 MB while receiving. Also the served Node uploader script, run the way its
 * command runs it. The issue asks for 5 GB; BENCH_UPLOAD_MB sets the size (default 1024 MiB).
 */
export async function benchUploads({ megabytes }) {
  const generating = performance.now();
  const file = await ensureUploadFile(megabytes);
  printLine(
    'test file',
    `${file.path} (${megabytes} MiB${file.generated ? `, generated in ${((performance.now() - generating) / 1000).toFixed(1)} s` : ', reused'}; BENCH_UPLOAD_MB to change, the issue's aim is for 5120)`,
  );

  const sink = await baselineUpload('../servers/sink.mjs', file);
  const tus = await baselineUpload('../servers/tus-baseline.mjs', file);
  for (const client of Object.keys(CLIENTS)) {
    printLine(
      `bare node:http sink, ${client} (baseline)`,
      `${mb(sink[client].mbps)}  peak RSS ${sink[client].peakRssMb.toFixed(0)} MB`,
    );
    printLine(
      `@tus/server + file-store, ${client} (baseline)`,
      `${mb(tus[client].mbps)}  peak RSS ${tus[client].peakRssMb.toFixed(0)} MB`,
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  try {
    const url = ref.info.url;
    const [account] = await seedAccounts(url, ADMIN_TOKEN, 1, { plan: 'agency' });
    const key = account.apiKey;
    const watchDir = uploadsDirOf(dataDir);
    const startRssMb = startSampler({ pid: ref.pid }).stop().startRssMb;

    // (b) curl, and the Node fetch loop: the same clients as the baselines, token in x-signature.
    const runs = {};
    for (const client of Object.keys(CLIENTS)) {
      runs[client] = await socialpubUpload({ url, key, file, watchDir, pid: ref.pid, client });
      const label = client === 'curl' ? 'curl 6 MiB PATCHes' : 'Node fetch loop';
      printLine(
        `socialpub storage, ${label}`,
        `${mb(runs[client].mbps)}  ${vs(runs[client].mbps, tus[client].mbps, sink[client].mbps)}`,
      );
      printLine('', completeLine(runs[client]));
    }
    sharedResults.curlMbps = runs.curl.mbps;

    // (a) the served uploader script, through the command of the uploader block.
    const link = await createUploadLink(url, key, file, 'bench-uploader.mp4', {
      shell: 'sh',
      runner: 'node',
      max_run_seconds: 7000,
    });
    const sampler = startSampler({ pid: ref.pid, watchDir });
    const run = await runUploaderCommand(link.uploader.command, PLACEHOLDER, file.path);
    const stats = sampler.stop();
    const complete = await timeComplete(url, key, link.file_id);
    const transferMs = stats.firstByteMs === null ? run.ms : run.ms - stats.firstByteMs;
    const uploaderMbps = mbPerSecond(file.size, transferMs);
    printLine(
      'socialpub storage, Node uploader script',
      `${mb(uploaderMbps)} from its first stored byte (${mb(mbPerSecond(file.size, run.ms))} end to end, ` +
        `${((stats.firstByteMs ?? 0) / 1000).toFixed(1)} s of download, check and SHA-256 of the file first) ` +
        vs(uploaderMbps, tus.node.mbps, sink.node.mbps).replace(/ \(aim[^)]*\)/g, ''),
    );
    printLine('', completeLine({ complete, stats }));

    const peakRss = Math.max(runs.curl.stats.peakRssMb, runs.node.stats.peakRssMb, stats.peakRssMb);
    printLine(
      'socialpub peak RSS while receiving',
      `${peakRss.toFixed(0)} MB (aim < 128 MB; ${startRssMb.toFixed(0)} MB before the first upload, ` +
        `lifetime peak VmHWM ${stats.lifetimePeakRssMb.toFixed(0)} MB; VmRSS sampled every 100 ms)`,
    );
    for (const client of Object.keys(CLIENTS)) {
      const ours = runs[client].mbps;
      const toTus = ours / tus[client].mbps;
      const toSink = ours / sink[client].mbps;
      recordAim(
        'uploads',
        `${client}: >= 1.3x @tus/server (hashing)`,
        `${toTus.toFixed(2)}x (${mb(ours)} vs ${mb(tus[client].mbps)})`,
        toTus >= 1.3,
      );
      recordAim(
        'uploads',
        `${client}: >= 70% of bare sink`,
        `${(toSink * 100).toFixed(0)}% (sink ${mb(sink[client].mbps)})`,
        toSink >= 0.7,
      );
    }
    recordAim(
      'uploads',
      'uploader script (figure only)',
      `${mb(uploaderMbps)}, ${(uploaderMbps / tus.node.mbps).toFixed(2)}x tus (node)`,
      null,
    );
    const completes = [runs.curl.complete, runs.node.complete, complete];
    const completeMs = Math.max(...completes.map((c) => c.ms));
    // A quick 202 (still verifying) is not a completed upload: the aim needs every answer ready.
    const allReady = completes.every((c) => c.status === 200 && c.state === 'ready');
    recordAim(
      'uploads',
      'last byte to complete < 0.5 s',
      `${completeMs.toFixed(0)} ms (worst of 3)${allReady ? '' : `, answers ${completes.map((c) => `${c.status} ${c.state}`).join(', ')}`}`,
      allReady && completeMs < 500,
    );
    recordAim(
      'uploads',
      `peak RSS < 128 MB (${megabytes} MiB file)`,
      `${peakRss.toFixed(0)} MB`,
      peakRss < 128,
    );
    return { sink, tus, runs, uploaderMbps, completeMs, peakRss };
  } finally {
    await ref.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
