import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { configFilePath } from '../config/config-dir.js';
import { readStoredConfig, removeStoredConfig, writeStoredConfig } from '../config/config-file.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const path = configFilePath();
    const stored = await readStoredConfig();
    const hadKey = stored.api_key !== undefined;
    // The base URL is not a secret: it stays so the next login needs only the key.
    if (stored.base_url) await writeStoredConfig({ base_url: stored.base_url });
    else await removeStoredConfig(path);
    if (context.json) return context.print(JSON.stringify({ removed: hadKey, path }));
    context.print(hadKey ? `Removed the saved API key from ${path}.` : 'No saved API key.');
    if (process.env['SOCIALPUB_API_KEY']) context.note('SOCIALPUB_API_KEY is still set in this environment.');
  });
}
