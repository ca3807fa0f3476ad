import { EXIT_STATUS, type ExitStatus } from './exit-status.js';

/** A failure the CLI itself found (bad flag values, no key, unreadable --file) with its exit status. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitStatus: ExitStatus = EXIT_STATUS.usage,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, EXIT_STATUS.usage, hint);
}
