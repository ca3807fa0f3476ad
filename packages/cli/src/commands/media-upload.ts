import type { Command } from 'commander';
import { createActionContext } from '../client/action-context.js';
import { describeError } from '../output/handle-error.js';
import { badCommandLine, type UploadLine, writeUploadLine } from '../upload/upload-line.js';

interface UploadFlags {
  maxRunSeconds?: string;
  progress?: boolean;
}

/** The shell's convention for a process ended by a signal: 128 + its number (docs/cli.md). */
const SIGNAL_EXIT: Readonly<Partial<Record<NodeJS.Signals, number>>> = { SIGINT: 130, SIGTERM: 143 };

/** Every end of the command: its one JSON line, and the exit code that line names. */
function finish(line: UploadLine): void {
  writeUploadLine(line);
  process.exitCode = line.exit_code;
}

/**
 * `media upload FILE`: exit codes and the final JSON line follow the uploader scripts (core's
 * UPLOADER_EXIT_CODES), not the other commands' statuses.
 */
export async function run(command: Command): Promise<void> {
  const flags = command.opts<UploadFlags>();
  const [path] = command.args;
  if (path === undefined || path === '') {
    return finish(badCommandLine('Missing FILE: socialpub media upload <file>.'));
  }
  let maxRunSeconds: number | undefined;
  if (flags.maxRunSeconds !== undefined) {
    maxRunSeconds = Number(flags.maxRunSeconds);
    if (!Number.isFinite(maxRunSeconds) || maxRunSeconds < 0) {
      return finish(
        badCommandLine(`--max-run-seconds must be seconds (0 or more), not "${flags.maxRunSeconds}".`),
      );
    }
  }
  // node:http for the link and complete calls as for the pieces: undici is never started.
  const { httpFetch } = await import('../upload/http-fetch.js');
  const context = createActionContext(command, httpFetch);
  let client: Awaited<ReturnType<typeof context.client>>;
  try {
    client = await context.client();
  } catch (error) {
    const report = await describeError(error);
    const line: UploadLine = {
      state: 'failed',
      exit_code: 1,
      bytes_sent: 0,
      message: report.lines.join(' '),
    };
    process.stderr.write(`${line.state}: ${line.message}\n`);
    return finish(line);
  }
  const { startUpload } = await import('../upload/upload-run.js');
  const upload = startUpload({ client, path, maxRunSeconds, progress: flags.progress !== false });
  // Ctrl-C or a stop request: say how far it got and how to go on, then exit as the signal asks.
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${upload.interrupted()}\n`);
    process.exit(SIGNAL_EXIT[signal] ?? 1);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  const line = await upload.done;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stop);
  if (line.state !== 'done') process.stderr.write(`${line.state}: ${line.message}\n`);
  finish(line);
}
