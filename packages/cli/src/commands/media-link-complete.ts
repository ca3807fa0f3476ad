import { LIMITS } from '@socialpub/core';
import type { CompleteResponse } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { printMediaFile } from './media-status.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [fileId = ''] = command.args;
    const wait = command.opts<{ wait?: boolean }>().wait === true;
    const client = await context.client();
    let answer: CompleteResponse = await client.uploads.complete(fileId);
    // 202 verifying: calling complete again is harmless ("POST .../complete").
    while (wait && answer.status === 'verifying') {
      const seconds = answer.retry_after_seconds ?? LIMITS.uploadLink.verificationRetryAfterSeconds;
      if (!context.json) context.note(`Verifying; asking again in ${seconds} seconds...`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      answer = await client.uploads.complete(fileId);
    }
    if (context.json) return context.printRaw(answer);
    printMediaFile(context, answer);
  });
}
