import { describe, expect, it } from 'vitest';
import { type DryRunOutcome, dryRunAnswer } from '../../src/domain/publishing/answers.js';
import type { PublishContext } from '../../src/domain/publishing/publish-context.js';

// A dry run's answer without warnings carries its text written out once and kept (answers.ts):
// the kept text must be exactly the body's JSON for every outcome, code and status, however the
// answers before it filled the kept texts.

const context = (warnings: PublishContext['warnings'] = []) => ({ warnings }) as unknown as PublishContext;

const CASES: [DryRunOutcome, string | null, number][] = [
  ['publish', null, 200],
  ['publish', 'processing', 202],
  ['schedule', 'scheduled', 202],
  ['queue', 'queued_for_next_day', 202],
  ['refuse', 'rate_limited', 429],
  ['refuse', 'text_too_long', 400],
  ['refuse', 'network_not_connected', 400],
  ['refuse', 'rate_limited', 503],
  ['publish', 'null', 200],
];

describe('a dry run’s kept answer text', () => {
  it('is the body’s JSON for each outcome, code and status, asked in any order', () => {
    for (const order of [CASES, [...CASES].reverse(), [...CASES, ...CASES]]) {
      for (const [outcome, code, status] of order) {
        const answer = dryRunAnswer(context(), outcome, { code, status });
        expect(answer.json, `${outcome} ${code} ${status}`).toBe(JSON.stringify(answer.body));
      }
    }
  });

  it('is left out when the answer carries warnings, whose text differs from one request to the next', () => {
    const warned = dryRunAnswer(
      context([{ code: 'unknown_field', message: 'colour', field: 'post.colour' }]),
      'publish',
      {
        code: null,
        status: 200,
      },
    );
    expect(warned.json).toBeUndefined();
    expect(JSON.stringify(warned.body)).toContain('"warnings":[{"code":"unknown_field"');
  });
});
