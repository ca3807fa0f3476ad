import type { Command } from 'commander';
import { createActionContext } from '../client/action-context.js';
import { describeError } from '../output/handle-error.js';
import { badCommandLine, writeUploadLine } from '../upload/upload-line.js';

interface UploadFlags {
  maxRunSeconds?: string;
  progress?: boolean;
}

function finish(exitCode: number): void {
  process.exitCode = exitCode;
}

/**
 * `media upload FILE`: exit codes and the final JSON line follow the uploader scripts (core's
 * UPLOADER_EXIT_CODES), not the other commands' statuses.
 */
export async function run(command: Command): Promise<void> {
  const flags = command.opts<UploadFlags>();
  const [path] = command.args;
  if (path === undefined || path === '') {
    writeUploadLine(badCommandLine('Missing FILE: socialpub media upload <file>.'));
    return finish(6);
  }
  let maxRunSeconds: number | undefined;
  if (flags.maxRunSeconds !== undefined) {
    maxRunSeconds = Number(flags.maxRunSeconds);
    if (!Number.isFinite(maxRunSeconds) || maxRunSeconds < 0) {
      writeUploadLine(
        badCommandLine(`--max-run-seconds must be seconds (0 or more), not "${flags.maxRunSeconds}".`),
      );
      return finish(6);
    }
  }
  const context = createActionContext(command);
  let client: Awaited<ReturnType<typeof context.client>>;
  try {
    client = await context.client();
  } catch (error) {
    const report = await describeError(error);
    writeUploadLine({ state: 'failed', exit_code: 1, bytes_sent: 0, message: report.lines.join(' ') });
    return finish(1);
  }
  const { runUpload } = await import('../upload/upload-run.js');
  const line = await runUpload({ client, path, maxRunSeconds, progress: flags.progress !== false });
  if (line.state !== 'done') process.stderr.write(`${line.state}: ${line.message}\n`);
  writeUploadLine(line);
  finish(line.exit_code);
}
