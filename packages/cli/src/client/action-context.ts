import type { SocialPub } from '@socialpub/sdk';
import type { Command } from 'commander';
import { type GlobalFlags, type ResolvedConfig, resolveConfig } from '../config/resolve-config.js';
import { CliError } from '../output/cli-error.js';
import { type Colors, colorsFor } from '../output/colors.js';
import { EXIT_STATUS } from '../output/exit-status.js';
import { handleError } from '../output/handle-error.js';
import { RawCapture } from '../output/raw-capture.js';
import { retryNote } from '../output/retry-note.js';

/** What a command's action gets: its flags, output helpers and a client built on first use. */
export interface ActionContext {
  command: Command;
  flags: GlobalFlags;
  json: boolean;
  colors: Colors;
  capture: RawCapture;
  config(): Promise<ResolvedConfig>;
  /** Loads the SDK (only commands that talk to the service pay for it). */
  client(): Promise<SocialPub>;
  /** A line on stdout. */
  print(text: string): void;
  /** A note on stderr (warnings, progress), so stdout stays the answer. */
  note(text: string): void;
  /** The last answer's JSON exactly as received (`--json`). */
  printRaw(fallback: unknown): void;
}

/** `send`: what carries the client's requests, when not the global fetch. */
export function createActionContext(
  command: Command,
  send?: typeof fetch,
): ActionContext & { apiKey(): string | undefined } {
  const flags = command.optsWithGlobals<GlobalFlags>();
  const capture = new RawCapture(send);
  let resolved: Promise<ResolvedConfig> | undefined;
  let apiKey: string | undefined;
  const config = () => {
    resolved ??= resolveConfig(flags).then((value) => {
      apiKey = value.apiKey;
      return value;
    });
    return resolved;
  };
  return {
    command,
    flags,
    json: flags.json === true,
    colors: colorsFor(process.stdout),
    capture,
    config,
    apiKey: () => apiKey,
    async client() {
      const value = await config();
      if (value.apiKey === undefined) {
        throw new CliError(
          'No API key: pass --api-key, set SOCIALPUB_API_KEY, or run `socialpub login`.',
          EXIT_STATUS.auth,
        );
      }
      const { SocialPub } = await import('@socialpub/sdk');
      return new SocialPub({
        apiKey: value.apiKey,
        baseURL: value.baseUrl,
        ...(value.timeoutMs === undefined ? {} : { timeout: value.timeoutMs }),
        ...(value.maxRetries === undefined ? {} : { maxRetries: value.maxRetries }),
        fetch: capture.fetch,
        onRetry: (event) => process.stderr.write(`${retryNote(event)}\n`),
      });
    },
    print: (text) => process.stdout.write(`${text}\n`),
    note: (text) => process.stderr.write(`${text}\n`),
    printRaw: (fallback) => process.stdout.write(`${capture.textOr(fallback)}\n`),
  };
}

/** Runs a command body with the shared error handling (shadcn's handleError pattern). */
export async function runAction(
  command: Command,
  body: (context: ActionContext) => Promise<void>,
): Promise<void> {
  const context = createActionContext(command);
  try {
    await body(context);
  } catch (error) {
    // --json: a script gets the service's error answer on stdout exactly as it came, as for success.
    if (context.json) {
      const answer = context.capture.errorAnswerFor(error);
      if (answer !== undefined) process.stdout.write(`${answer}\n`);
    }
    await handleError(error, context.apiKey() ?? context.flags.apiKey, {
      method: context.capture.lastMethod,
    });
  }
}
