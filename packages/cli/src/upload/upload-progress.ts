import { formatBytes } from '@socialpub/core';

/**
 * Progress of `media upload` on stderr: a bar on a terminal; otherwise (a log, CI, a pipe) a line at
 * every tenth of the file and every few seconds between, so a slow upload is never silent.
 */
export interface UploadProgressReporter {
  update(bytesStored: number): void;
  /** A line of its own on stderr ("Resuming from ..."), below the bar on a terminal. */
  note(line: string): void;
  stop(): void;
}

function writeNote(line: string): void {
  process.stderr.write(`${line}\n`);
}

const LINE_INTERVAL_MS = 5_000;

export async function createProgressReporter(
  total: number,
  enabled: boolean,
): Promise<UploadProgressReporter> {
  if (!enabled) return { update() {}, note: writeNote, stop() {} };
  if (process.stderr.isTTY) {
    const { default: cliProgress } = await import('cli-progress');
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: 'uploading [{bar}] {percentage}% | {sent} of {size} | eta {eta}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const size = formatBytes(total);
    bar.start(total, 0, { sent: formatBytes(0), size });
    return {
      update: (bytes) => bar.update(bytes, { sent: formatBytes(bytes), size }),
      // The bar's line is cleared, the note written, and the bar drawn again below it.
      note: (text) => {
        process.stderr.write(`\r\x1b[K${text}\n`);
        bar.render();
      },
      stop: () => bar.stop(),
    };
  }
  let latest = 0;
  let tenthsShown = 0;
  const line = () =>
    process.stderr.write(
      `progress: ${formatBytes(latest)} of ${formatBytes(total)} (${Math.floor((latest / total) * 100)}%)\n`,
    );
  const timer = setInterval(line, LINE_INTERVAL_MS);
  timer.unref();
  return {
    update: (bytes) => {
      latest = bytes;
      const tenths = Math.floor((bytes / total) * 10);
      if (tenths > tenthsShown) {
        tenthsShown = tenths;
        line();
      }
    },
    note: writeNote,
    stop: () => clearInterval(timer),
  };
}
