import type { Command } from 'commander';

export interface CommandModule {
  run(command: Command): Promise<void>;
}

/**
 * An action that imports its command module only when it runs: `--help` and `--version` never
 * load the SDK, core, zod or cli-progress (the start-up benchmark compares them with `node -e 0`).
 */
export function lazyAction(load: () => Promise<CommandModule>): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const command = args.at(-1) as Command;
    const module = await load();
    await module.run(command);
  };
}

/** Collects a repeatable or variadic flag into one list, splitting commas. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...(previous ?? []), ...parts];
}
