import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { configFilePath } from '../config/config-dir.js';
import { readStoredConfig, writeStoredConfig } from '../config/config-file.js';
import { promptHidden, readStdinSecret } from '../config/read-secret.js';
import { CliError, usageError } from '../output/cli-error.js';
import { EXIT_STATUS } from '../output/exit-status.js';

interface LoginFlags {
  apiKeyStdin?: boolean;
}

/** The key from stdin, a hidden prompt, or (discouraged: it shows in ps and history) --api-key. */
async function readKey(command: Command): Promise<string> {
  const flags = command.opts<LoginFlags>();
  const fromFlag = command.optsWithGlobals<{ apiKey?: string }>().apiKey;
  if (flags.apiKeyStdin) return readStdinSecret();
  if (fromFlag !== undefined) return fromFlag.trim();
  if (!process.stdin.isTTY) {
    throw usageError('No terminal to ask for the key.', 'Pipe it in with `--api-key-stdin`.');
  }
  return promptHidden('API key (input hidden): ');
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const key = await readKey(command);
    if (key === '') throw usageError('The API key is empty.');
    if (/\s/.test(key)) throw usageError('The API key contains spaces or line breaks.');
    const stored = await readStoredConfig();
    const baseUrl = context.flags.baseUrl ?? stored.base_url;
    const path = configFilePath();
    try {
      await writeStoredConfig({
        api_key: key,
        ...(baseUrl ? { base_url: baseUrl } : {}),
        saved_at: new Date().toISOString(),
      });
    } catch (error) {
      throw new CliError(`Could not write ${path}: ${(error as Error).message}`, EXIT_STATUS.generic);
    }
    if (context.json) {
      context.print(JSON.stringify({ saved: true, path, base_url: baseUrl ?? null }));
      return;
    }
    // `--help` promises the key is never printed: not even a part of it.
    context.print(`Saved the API key to ${path} (readable only by you).`);
    if (baseUrl) context.print(`Base URL: ${baseUrl}`);
  });
}
