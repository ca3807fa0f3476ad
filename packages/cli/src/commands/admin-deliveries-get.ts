import type { Command } from 'commander';
import { runAdminAction } from '../client/admin-action.js';

/** `socialpub admin deliveries get <delivery_id>`: one delivery, its text, files and options. */
export function run(command: Command): Promise<void> {
  const [deliveryId = ''] = command.args;
  return runAdminAction(command, async (context) => {
    const admin = await context.admin();
    const delivery = await admin.deliveries.get(deliveryId);
    if (context.json) return context.printRaw(delivery);
    const { media, options, ...fields } = delivery;
    context.show({
      ...fields,
      media:
        media.map((m) => `${m.kind} ${m.type ?? ''} ${m.url ?? m.file_id ?? ''}`.trim()).join('; ') ||
        '(none)',
      options: JSON.stringify(options),
    });
  });
}
