import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function statusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Bytes of every file in `dir` (0 when it does not exist yet): where a server writes an upload. */
export function dirBytes(dir) {
  let total = 0;
  try {
    for (const name of readdirSync(dir)) {
      try {
        total += statSync(join(dir, name)).size;
      } catch {
        // renamed away between readdir and stat
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/**
 * Every 100 ms: the server's resident memory (VmRSS of /proc/<pid>/status) and how many bytes its
 * upload folder holds, so the first stored byte is known even when the client does other work first
 * (the uploader hashes the whole file before its first PATCH). Linux only.
 */
export function startSampler({ pid, watchDir, everyMs = 100 }) {
  const started = performance.now();
  const startKb = statusKb(pid, 'VmRSS') ?? 0;
  let peakKb = startKb;
  // VmRSS = RssAnon (heap, buffers) + RssFile (mapped files: the binary, and SQLite's mmap of the
  // database, which is page cache shared with every reader) + RssShmem; kept at VmRSS's peak.
  let anonKb = statusKb(pid, 'RssAnon') ?? 0;
  let fileKb = statusKb(pid, 'RssFile') ?? 0;
  let firstByteMs = null;
  const sample = () => {
    const rss = statusKb(pid, 'VmRSS');
    if (rss !== null && rss > peakKb) {
      peakKb = rss;
      anonKb = statusKb(pid, 'RssAnon') ?? 0;
      fileKb = statusKb(pid, 'RssFile') ?? 0;
    }
    if (firstByteMs === null && watchDir && dirBytes(watchDir) > 0) firstByteMs = performance.now() - started;
  };
  const timer = setInterval(sample, everyMs);
  return {
    started,
    stop() {
      clearInterval(timer);
      sample();
      return {
        startRssMb: startKb / 1024,
        peakRssMb: peakKb / 1024,
        peakAnonMb: anonKb / 1024,
        peakFileMb: fileKb / 1024,
        lifetimePeakRssMb: (statusKb(pid, 'VmHWM') ?? 0) / 1024,
        firstByteMs,
      };
    },
  };
}
