import type { SocialPubAdmin } from '@socialpub/sdk';
import type { Command } from 'commander';
import { CliError } from '../output/cli-error.js';
import { EXIT_STATUS } from '../output/exit-status.js';
import { handleError } from '../output/handle-error.js';
import { renderFields } from '../output/table.js';
import { type ActionContext, createActionContext } from './action-context.js';

export interface AdminActionContext extends ActionContext {
  /** The admin client: `--admin-token` or SOCIALPUB_ADMIN_TOKEN, and the usual base URL. */
  admin(): Promise<SocialPubAdmin>;
  /** The answer as `key: value` lines, or as received with --json. */
  show(answer: object): void;
}

/** `socialpub admin ...`: like every command's action, with the admin token kept out of all output. */
export async function runAdminAction(
  command: Command,
  body: (context: AdminActionContext) => Promise<void>,
): Promise<void> {
  const base = createActionContext(command);
  const flags = command.optsWithGlobals<{ adminToken?: string }>();
  const token = flags.adminToken ?? process.env['SOCIALPUB_ADMIN_TOKEN'];
  const context: AdminActionContext = {
    ...base,
    async admin() {
      if (!token) {
        throw new CliError(
          'No admin token: pass --admin-token or set SOCIALPUB_ADMIN_TOKEN.',
          EXIT_STATUS.auth,
        );
      }
      const config = await base.config();
      const { SocialPubAdmin } = await import('@socialpub/sdk');
      return new SocialPubAdmin({
        adminToken: token,
        baseURL: config.baseUrl,
        ...(config.timeoutMs === undefined ? {} : { timeout: config.timeoutMs }),
        ...(config.maxRetries === undefined ? {} : { maxRetries: config.maxRetries }),
        fetch: base.capture.fetch,
      });
    },
    show(answer) {
      if (base.json) return base.printRaw(answer);
      base.print(renderFields(answer as Record<string, unknown>, base.colors.bold));
    },
  };
  try {
    await body(context);
  } catch (error) {
    if (base.json) {
      const answer = base.capture.errorAnswerFor(error);
      if (answer !== undefined) process.stdout.write(`${answer}\n`);
    }
    await handleError(error, token);
  }
}
