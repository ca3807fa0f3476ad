import type { DryRunResponse } from '@socialpub/sdk';
import type { Colors } from '../output/colors.js';

/** What the post would meet, by the dry run's `outcome`. */
const WOULD: Readonly<Record<string, string>> = {
  publish: 'it would be published now',
  queue: 'it would be queued for the next day (the daily allowance is used up)',
  schedule: 'it would be scheduled',
  refuse: 'it would be refused',
};

/**
 * A dry run's answer in words: what would happen, and for a refusal the code, status and message
 * the request would answer. Never the `reason` object as JSON.
 */
export function dryRunLines(answer: DryRunResponse, colors: Colors): string[] {
  const outcome = String(answer.outcome);
  const paint = outcome === 'refuse' ? colors.red : colors.green;
  const lines = [`${colors.bold('Dry run:')} ${paint(WOULD[outcome] ?? outcome)}; nothing was sent.`];
  const reason = answer.reason as { code: string | null; status: number; message?: unknown };
  const message = typeof reason.message === 'string' ? `: ${reason.message}` : '.';
  if (outcome === 'refuse') {
    lines.push(`The request would answer ${reason.code ?? 'an error'} (HTTP ${reason.status})${message}`);
  } else if (reason.code !== null) {
    lines.push(`The request would answer ${reason.code} (HTTP ${reason.status})${message}`);
  }
  return lines;
}
