#!/usr/bin/env node
import { createRequire } from 'node:module';
import { isBackupCommand, runBackupCommand } from './backup/backup-command.js';
import { ConfigError, parseConfig, USAGE } from './config.js';
import { unknownVariableWarnings } from './config-team.js';
import { startServer } from './start-server.js';

/** `socialpub-server`: the reference server on one port (reference-server.md). */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (isBackupCommand(argv)) {
    process.exitCode = await runBackupCommand(argv);
    return;
  }
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`socialpub-server: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (config.help) {
    console.log(USAGE);
    return;
  }
  if (config.version) {
    // src/bin.ts and the built dist/bin.js both sit one folder below the package's package.json.
    const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
    console.log(version);
    return;
  }
  for (const warning of unknownVariableWarnings(process.env)) console.error(`socialpub-server: ${warning}`);
  const running = await startServer({ ...config, seedDemo: config.demo });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`socialpub-server: ${signal} received, finishing requests in flight...`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('socialpub-server: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('socialpub-server: could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
