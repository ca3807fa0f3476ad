import { LIMITS, MEGABYTE } from '@socialpub/core';

/** Progress of `media upload` on stderr: a bar on a terminal, otherwise a line every 15 seconds. */
export interface UploadProgressReporter {
  update(bytesStored: number): void;
  stop(): void;
}

const LINE_INTERVAL_MS = LIMITS.uploader.progressEverySeconds * 1000;

function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

export async function createProgressReporter(
  total: number,
  enabled: boolean,
): Promise<UploadProgressReporter> {
  if (!enabled) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const { default: cliProgress } = await import('cli-progress');
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: 'uploading [{bar}] {percentage}% | {value}/{total} bytes | eta {eta}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { update: (bytes) => bar.update(bytes), stop: () => bar.stop() };
  }
  let latest = 0;
  const line = () =>
    process.stderr.write(
      `progress: ${megabytes(latest)} of ${megabytes(total)} (${Math.floor((latest / total) * 100)}%)\n`,
    );
  const timer = setInterval(line, LINE_INTERVAL_MS);
  timer.unref();
  return {
    update: (bytes) => {
      latest = bytes;
    },
    stop: () => clearInterval(timer),
  };
}
