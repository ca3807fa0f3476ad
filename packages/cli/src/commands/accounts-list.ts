import type { Command } from 'commander';
import { runAction } from '../client/action-context.js';
import { renderTable } from '../output/table.js';

export function run(command: Command): Promise<void> {
  return runAction(command, async (context) => {
    const client = await context.client();
    const answer = await client.accounts.list();
    if (context.json) return context.printRaw(answer);
    if (answer.data.length === 0) return context.print('No profiles.');
    const { colors } = context;
    context.print(
      renderTable(
        answer.data,
        [
          { header: 'PROFILE_ID', value: (profile) => profile.profile_id },
          { header: 'NAME', value: (profile) => profile.profile_name },
          { header: 'HANDLE', value: (profile) => profile.handle },
          {
            header: 'NETWORKS',
            value: (profile) =>
              profile.networks
                .map((network) =>
                  network.health === 'ready'
                    ? colors.green(network.platform)
                    : colors.yellow(`${network.platform}(${network.health})`),
                )
                .join(' '),
          },
        ],
        colors.bold,
      ),
    );
  });
}
