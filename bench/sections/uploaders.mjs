import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { curlUpload } from '../lib/curl-upload.mjs';
import { watchPart } from '../lib/part-watch.mjs';
import { printLine, printTable } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { api, createUploadLink, uploadsDirOf } from '../lib/socialpub-upload.mjs';
import { mbPerSecond } from '../lib/stats.mjs';
import { recordAim } from '../lib/summary.mjs';
import { ensureUploadFile, sparseUploadFile } from '../lib/upload-file.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI_BIN = here('../../packages/cli/dist/bin.js');
const USAGE_PROBE = here('../lib/usage-probe.cjs');
const ADMIN_TOKEN = 'bench-admin-token';
const PLACEHOLDER = '<FULL_PATH_OF_FILE>';

/** Runs a command to its end with the usage probe in every node it starts; rejects on a non-zero exit. */
function runClient(command, args, env) {
  const usageDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-usage-'));
  const usageFile = join(usageDir, 'usage.jsonl');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env, NODE_OPTIONS: `--require ${USAGE_PROBE}`, BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (piece) => {
      out += piece;
    });
    child.stderr.on('data', (piece) => {
      err += piece;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      const lines = existsSync(usageFile) ? readFileSync(usageFile, 'utf8').trim().split('\n') : [];
      rmSync(usageDir, { recursive: true, force: true });
      const usage = lines.filter(Boolean).map((line) => JSON.parse(line));
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${last} ${err.trim()}`));
      resolve({
        ms,
        cpuMs: usage.reduce((sum, u) => sum + u.cpuMs, 0),
        peakRssMb: Math.max(0, ...usage.map((u) => u.maxRssMb)),
        lastLine: last,
      });
    });
  });
}

/**
 * curl (a dd and a curl per 6 MiB PATCH), `socialpub media upload` and the served Node uploader,
 * each sending the same file to its own new link on one socialpub server, interleaved over rounds.
 * Each is timed from the server's side (first to last stored byte of its part file); each run also
 * gives its end-to-end time and, for the two Node clients, their own CPU time and peak RSS.
 */
export async function benchUploaders({ rounds, megabytes }) {
  if (!existsSync(CLI_BIN)) {
    printLine('uploaders', `skipped: ${CLI_BIN} is not built (npm run build)`);
    recordAim({
      section: 'uploaders',
      aim: 'uploaders section',
      measured: 'skipped: CLI not built',
      met: null,
    });
    return null;
  }
  const file = await ensureUploadFile(megabytes);
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const configDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-cli-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  const loads = [];
  try {
    const base = ref.info.url;
    const dir = uploadsDirOf(dataDir);
    // One account per round keeps every round under the new-link limits (20 per 10 minutes).
    const accounts = await seedAccounts(base, ADMIN_TOKEN, rounds + 1, { plan: 'agency' });
    const keyOf = (round) => accounts[round + 1].apiKey;
    let n = 0;
    const timed = async (send, fileId = null) => {
      const watch = watchPart(dir, file.size, { fileId });
      const run = await send();
      const seen = watch.stop();
      if (seen.transferMs === null) throw new Error('no part file was seen filling up');
      loads.push(loadavg()[0]);
      return {
        ...run,
        mbps: mbPerSecond(file.size, seen.transferMs),
        endToEndMbps: mbPerSecond(file.size, run.ms),
        fileId: seen.fileId,
      };
    };
    // curl and the served uploader leave the whole file under an open link: cancelled, so the disk
    // holds one upload at a time and the next watch sees only its own part file.
    const cancel = (round, fileId) => api(base, keyOf(round), 'DELETE', `/media/uploads/${fileId}`);
    const subjects = [
      {
        name: 'curl loop',
        run: async ({ round }) => {
          const link = await createUploadLink(base, keyOf(round), file, `bench-curl-${n++}.mp4`);
          const figures = await timed(
            async () => ({
              ms: await curlUpload({
                file: file.path,
                url: link.upload.url,
                size: file.size,
                headers: { 'x-signature': link.upload.token },
              }),
              cpuMs: Number.NaN,
              peakRssMb: Number.NaN,
            }),
            link.file_id,
          );
          await cancel(round, link.file_id);
          return figures;
        },
      },
      {
        name: 'socialpub media upload',
        run: ({ round }) =>
          timed(async () => {
            const run = await runClient(process.execPath, [CLI_BIN, 'media', 'upload', file.path], {
              SOCIALPUB_CONFIG_DIR: configDir,
              SOCIALPUB_API_KEY: keyOf(round),
              SOCIALPUB_BASE_URL: base,
              NO_COLOR: '1',
            });
            const line = JSON.parse(run.lastLine);
            if (line.state !== 'done') throw new Error(`media upload ended ${line.state}: ${line.message}`);
            return run;
          }),
      },
      {
        name: 'served Node uploader',
        run: async ({ round }) => {
          const link = await createUploadLink(base, keyOf(round), file, `bench-served-${n++}.mp4`, {
            shell: 'sh',
            runner: 'node',
            max_run_seconds: 7000,
          });
          const command = link.uploader.command.replace(PLACEHOLDER, file.path);
          const figures = await timed(() => runClient('sh', ['-c', command], {}), link.file_id);
          await cancel(round, link.file_id);
          return figures;
        },
      },
    ];
    const results = await interleave({
      subjects,
      rounds,
      onRound: (round, figures) => {
        const each = Object.entries(figures).map(([name, f]) => `${name} ${f.mbps.toFixed(0)} MB/s`);
        console.log(`round ${round + 1}: ${each.join(', ')}; load average ${loadavg()[0].toFixed(1)}`);
      },
    });
    const rows = [
      [
        'client (6 MiB PATCHes, own link each)',
        'MB/s first to last stored byte',
        'MB/s end to end',
        'client CPU s',
        'client peak RSS MB',
      ],
    ];
    for (const [name, figures] of Object.entries(results)) {
      rows.push([
        name,
        formatSpread(spread(figures.map((f) => f.mbps))),
        formatSpread(spread(figures.map((f) => f.endToEndMbps))),
        formatSpread(spread(figures.map((f) => f.cpuMs / 1000)), 1),
        formatSpread(spread(figures.map((f) => f.peakRssMb))),
      ]);
    }
    const load = spread(loads);
    console.log(
      `(${rounds} interleaved rounds after a warm-up round, ${megabytes} MiB each; load average ${formatSpread(load, 1)}; ` +
        'end to end includes measuring the file (SHA-256) and, for the served uploader, fetching and checking the script; ' +
        'client CPU includes that too)',
    );
    printTable(rows);
    const curl = results['curl loop'];
    const aims = [
      ['socialpub media upload', 0.95],
      ['served Node uploader', 0.9],
    ];
    for (const [name, aim] of aims) {
      const ratio = pairedRatios(results[name], curl, (f) => f.mbps);
      const pct = (v) => `${(v * 100).toFixed(0)}%`;
      recordAim({
        section: 'uploaders',
        aim: `${name} >= ${pct(aim)} of curl (same run)`,
        measured: `${formatSpread(spread(results[name].map((f) => f.mbps)))} MB/s = ${pct(ratio.median)} (${pct(ratio.min)}–${pct(ratio.max)})`,
        baseline: `curl ${formatSpread(spread(curl.map((f) => f.mbps)))} MB/s; load ${formatSpread(load, 1)}`,
        met: ratio.median >= aim,
      });
    }
    const cliRss = spread(results['socialpub media upload'].map((f) => f.peakRssMb));
    recordAim({
      section: 'uploaders',
      aim: `media upload of ${megabytes} MiB: CLI peak RSS (figure; the 5 GB aim is cli-5g)`,
      measured: `${cliRss.max.toFixed(0)} MB`,
      met: null,
    });
    return results;
  } finally {
    await ref.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  }
}

/**
 * `socialpub media upload` of one large file, run once (`node bench/run.mjs cli-5g`, 5120 MiB by
 * default): the CLI's own peak RSS (aim < 100 MB) and its speed. The file is sparse and made under
 * the system's temp folder for this run only; it and the server's copy are deleted after.
 */
export async function benchCliBigUpload({ megabytes }) {
  if (!existsSync(CLI_BIN)) {
    printLine('cli-5g', `skipped: ${CLI_BIN} is not built (npm run build)`);
    recordAim({ section: 'cli-5g', aim: 'cli-5g section', measured: 'skipped: CLI not built', met: null });
    return null;
  }
  const file = await sparseUploadFile(megabytes);
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const configDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-cli-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  try {
    const [account] = await seedAccounts(ref.info.url, ADMIN_TOKEN, 1, { plan: 'agency' });
    const watch = watchPart(uploadsDirOf(dataDir), file.size);
    const run = await runClient(process.execPath, [CLI_BIN, 'media', 'upload', file.path], {
      SOCIALPUB_CONFIG_DIR: configDir,
      SOCIALPUB_API_KEY: account.apiKey,
      SOCIALPUB_BASE_URL: ref.info.url,
      NO_COLOR: '1',
    });
    const seen = watch.stop();
    const state = JSON.parse(run.lastLine).state;
    const mbps = seen.transferMs === null ? Number.NaN : mbPerSecond(file.size, seen.transferMs);
    printLine(
      `socialpub media upload, one ${megabytes} MiB sparse file`,
      `peak RSS ${run.peakRssMb.toFixed(0)} MB, ${mbps.toFixed(0)} MB/s first to last stored byte, ` +
        `${mbPerSecond(file.size, run.ms).toFixed(0)} MB/s end to end, CPU ${(run.cpuMs / 1000).toFixed(1)} s; ended ${state}; load average ${loadavg()[0].toFixed(1)}`,
    );
    recordAim({
      section: 'cli-5g',
      aim: `media upload of ${megabytes} MiB once: CLI peak RSS < 100 MB`,
      measured: `${run.peakRssMb.toFixed(0)} MB (${mbps.toFixed(0)} MB/s, ${state})`,
      met: state === 'done' && run.peakRssMb < 100,
    });
  } finally {
    await ref.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
    file.remove();
  }
}
