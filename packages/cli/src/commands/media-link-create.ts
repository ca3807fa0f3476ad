import type { TokenParams, UploaderRunner, UploaderShell, UploadLinkParams } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
import { positiveInteger } from '../client/wait-flags.js';
import { usageError } from '../output/cli-error.js';
import { sizeField } from '../output/sizes.js';
import { renderFields } from '../output/table.js';
import { MeasureError, measureFile } from '../upload/measure-file.js';

export interface UploaderFlags {
  shell?: string;
  runner?: string;
  maxRunSeconds?: string;
}

interface CreateLinkFlags extends UploaderFlags {
  name?: string;
  size?: string;
  sha256?: string;
}

export function linkParamsOf(flags: UploaderFlags): TokenParams {
  if (flags.shell !== undefined && flags.shell !== 'sh' && flags.shell !== 'powershell') {
    throw usageError(`--shell must be sh or powershell, not "${flags.shell}".`);
  }
  if (flags.runner !== undefined && flags.runner !== 'native' && flags.runner !== 'node') {
    throw usageError(`--runner must be native or node, not "${flags.runner}".`);
  }
  const maxRun = positiveInteger(flags.maxRunSeconds, '--max-run-seconds');
  return {
    ...(flags.shell ? { shell: flags.shell as UploaderShell } : {}),
    ...(flags.runner ? { runner: flags.runner as UploaderRunner } : {}),
    ...(maxRun === undefined ? {} : { max_run_seconds: maxRun }),
  };
}

/** The upload token is a secret for one file: shown only in `--json`, as the API answers it. */
export function printUploadLink(context: ActionContext, answer: object): void {
  const link = answer as Record<string, unknown>;
  const upload = (link['upload'] ?? {}) as Record<string, unknown>;
  const uploader = link['uploader'] as Record<string, unknown> | undefined;
  const shown: Record<string, unknown> = {
    file_id: link['file_id'],
    status: link['status'],
    file_name: link['file_name'],
    size: sizeField(link['size']),
    renewed: link['renewed'],
    url: upload['url'],
    token_expires_at: upload['token_expires_at'],
    resume_before: upload['resume_before'],
  };
  context.print(renderFields(shown, context.colors.bold));
  if (typeof link['next_step'] === 'string') context.print(link['next_step']);
  if (uploader && typeof uploader['command'] === 'string') {
    context.print(context.colors.bold('uploader command:'));
    context.print(uploader['command']);
  }
}

async function fileParams(file: string | undefined, flags: CreateLinkFlags): Promise<UploadLinkParams> {
  if (file !== undefined) {
    try {
      const measured = await measureFile(file);
      return { file_name: measured.fileName, size_bytes: measured.size, sha256: measured.sha256 };
    } catch (error) {
      if (error instanceof MeasureError) throw usageError(error.message);
      throw error;
    }
  }
  const size = positiveInteger(flags.size, '--size');
  if (flags.name === undefined || size === undefined || flags.sha256 === undefined) {
    throw usageError('Give FILE, or all of --name, --size and --sha256.');
  }
  return { file_name: flags.name, size_bytes: size, sha256: flags.sha256 };
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const flags = command.opts<CreateLinkFlags>();
    const params = { ...(await fileParams(command.args[0], flags)), ...linkParamsOf(flags) };
    const client = await context.client();
    const link = await client.uploads.create(params);
    if (context.json) return context.printRaw(link);
    printUploadLink(context, link);
  });
}
