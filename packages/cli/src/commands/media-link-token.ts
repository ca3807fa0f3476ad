import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { linkParamsOf, printUploadLink, type UploaderFlags } from './media-link-create.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [fileId = ''] = command.args;
    const client = await context.client();
    const answer = await client.uploads.renewToken(fileId, linkParamsOf(command.opts<UploaderFlags>()));
    if (context.json) return context.printRaw(answer);
    printUploadLink(context, answer);
  });
}
