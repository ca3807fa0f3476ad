import type { Platform } from '@socialpub/sdk';
import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { profileIdFor } from '../client/profile-id.js';
import { renderTable } from '../output/table.js';

interface OptionsFlags {
  platforms?: string;
  skoolGroupSlug?: string;
}

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const [written = ''] = command.args;
    const flags = command.opts<OptionsFlags>();
    const platforms = flags.platforms
      ?.split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '') as Platform[] | undefined;
    const client = await context.client();
    const answer = await client.accounts.options(await profileIdFor(client, written), {
      ...(platforms ? { platforms } : {}),
      ...(flags.skoolGroupSlug ? { skoolGroupSlug: flags.skoolGroupSlug } : {}),
    });
    if (context.json) return context.printRaw(answer);
    const { colors } = context;
    context.print(`${colors.bold(answer.data.profile_name)} ${colors.dim(answer.data.profile_id)}`);
    context.print(
      renderTable(
        answer.data.networks,
        [
          { header: 'PLATFORM', value: (row) => row.platform },
          {
            header: 'STATUS',
            value: (row) => (row.status === 'ok' ? colors.green(row.status) : colors.yellow(row.status)),
          },
          { header: 'OPTIONS', value: (row) => row.options },
          { header: 'NOTE', value: (row) => row.note },
        ],
        colors.bold,
      ),
    );
  });
}
