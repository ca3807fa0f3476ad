import { describeRetry, ERROR_CATALOG, type OperationDefinition, type RetryAdvice } from '@socialpub/core';

/**
 * The retry table of an operation ("Versioning": a retry table per operation): the operation's own
 * rows, or, when it has none, one row per error code from the catalog's retry rule.
 */
export function retryRows(operation: OperationDefinition): RetryAdvice[] {
  if (operation.retry.length > 0)
    return operation.retry.map(({ situation, action }) => ({ situation, action }));
  return operation.errorCodes.map((code) => {
    const entry = ERROR_CATALOG[code];
    return { situation: `${entry.statuses.join(', ')} ${code}`, action: describeRetry(entry.retry) };
  });
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function retryMarkdown(rows: readonly RetryAdvice[]): string {
  if (rows.length === 0) return '';
  const lines = [
    '| situation | action |',
    '| --- | --- |',
    ...rows.map((row) => `| ${cell(row.situation)} | ${cell(row.action)} |`),
  ];
  return ['### When to send this request again', '', ...lines].join('\n');
}
