import type { Command } from 'commander';
import { type ActionContext, runAction } from '../client/action-context.js';
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

/**
 * Reads the account's profiles with the new key, so a mistyped key or a wrong address is found now
 * rather than at the next command. The refusal (401, no server) is the command's error: nothing saved.
 */
async function checkKey(context: ActionContext, key: string): Promise<{ at: string; handles: string[] }> {
  const client = await context.clientFor(key);
  const { data } = await client.accounts.list();
  return { at: client.baseURL, handles: data.map((profile) => profile.handle) };
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const key = await readKey(command);
    if (key === '') throw usageError('The API key is empty.');
    if (/\s/.test(key)) throw usageError('The API key contains spaces or line breaks.');
    const { at: checkedAt, handles } = await checkKey(context, key);
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
      context.print(JSON.stringify({ saved: true, path, base_url: baseUrl ?? null, profiles: handles }));
      return;
    }
    // `--help` promises the key is never printed: not even a part of it.
    context.print(`Saved the API key to ${path} (readable only by you).`);
    if (baseUrl) context.print(`Base URL: ${baseUrl}`);
    const seen = handles.length === 0 ? 'no profiles yet' : `profiles ${handles.join(', ')}`;
    context.print(`Checked: ${checkedAt} accepts the key (${seen}).`);
  });
}
