import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FINISH_AFTER_SECONDS,
  finishAfterSecondsOf,
  outcomeOf,
  parseSimulateSettings,
  type SimulateSettings,
  takeNextBehaviour,
} from './simulate-settings.js';

describe('parseSimulateSettings', () => {
  it('treats an absent simulate as the default success behaviour', () => {
    expect(parseSimulateSettings(undefined)).toEqual({ ok: true, settings: {} });
    expect(parseSimulateSettings(null)).toEqual({ ok: true, settings: {} });
  });

  it('accepts every documented field', () => {
    const raw = {
      outcome: 'failed',
      error: { status: 403, code: 'x_rejected', message: 'duplicate' },
      finish_after_seconds: 60,
      latency_ms: 250,
      figures: { views: 10, likes: null },
      next: [{ outcome: 'timeout' }, { outcome: 'success', latency_ms: 5 }],
    };
    const parsed = parseSimulateSettings(raw);
    expect(parsed).toEqual({ ok: true, settings: raw });
  });

  it.each([
    [{ outcome: 'exploded' }, 'simulate.outcome'],
    [{ error: { status: 200 } }, 'simulate.error.status'],
    [{ figures: { followers: 3 } }, 'simulate.figures'],
    [{ latency_ms: -1 }, 'simulate.latency_ms'],
    [{ next: [{ next: [] }] }, 'simulate.next.0'],
    [{ typo_field: true }, 'simulate'],
  ])('refuses %j naming %s', (raw, where) => {
    const parsed = parseSimulateSettings(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.startsWith(where)).toBe(true);
  });
});

describe('takeNextBehaviour', () => {
  it('uses the standing behaviour when next is empty and leaves the settings unchanged', () => {
    const simulate: SimulateSettings = { outcome: 'timeout', latency_ms: 3, next: [] };
    const { behaviour, remaining } = takeNextBehaviour(simulate);
    expect(behaviour).toEqual({ outcome: 'timeout', latency_ms: 3 });
    expect(remaining).toBe(simulate);
  });

  it('uses each next entry once, in order, then the standing behaviour again', () => {
    let simulate: SimulateSettings = {
      outcome: 'success',
      next: [{ outcome: 'failed', error: { status: 400 } }, { outcome: 'timeout' }],
    };
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const taken = takeNextBehaviour(simulate);
      seen.push(taken.behaviour.outcome);
      simulate = taken.remaining;
    }
    expect(seen).toEqual(['failed', 'timeout', 'success', 'success']);
    expect(simulate.next).toBeUndefined();
  });

  it('does not inherit standing fields into a next entry', () => {
    const { behaviour } = takeNextBehaviour({ latency_ms: 900, next: [{ outcome: 'success' }] });
    expect(behaviour.latency_ms).toBeUndefined();
  });
});

describe('outcomeOf and finishAfterSecondsOf', () => {
  it.each([
    [{}, 'success'],
    [{ error: { status: 403 } }, 'failed'],
    [{ outcome: 'still_publishing' as const }, 'still_publishing'],
  ])('reads %j as %s', (behaviour, outcome) => {
    expect(outcomeOf(behaviour)).toBe(outcome);
  });

  it('defaults finish_after_seconds to 30', () => {
    expect(DEFAULT_FINISH_AFTER_SECONDS).toBe(30);
    expect(finishAfterSecondsOf({})).toBe(30);
    expect(finishAfterSecondsOf({ finish_after_seconds: 5 })).toBe(5);
  });
});
