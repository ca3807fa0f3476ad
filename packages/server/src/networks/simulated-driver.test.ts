import { PLATFORMS, type Platform } from '@socialpub/core';
import { describe, expect, it, vi } from 'vitest';
import { createSimulatedDrivers } from './driver-registry.js';
import type { NetworkResult, PublishOutcome } from './network-driver.js';
import { fixedRandom, image, NOW, publishInput, video } from './test-helpers.js';

const MB = 1_048_576;
const GB = 1_073_741_824;

function drivers(sleep = vi.fn(async (_ms: number) => {})) {
  return { sleep, drivers: createSimulatedDrivers({ sleep, random: fixedRandom() }) };
}

function secondsAfterNow(at: Date): number {
  return (at.getTime() - NOW.getTime()) / 1_000;
}

function expectKind<K extends PublishOutcome['kind']>(
  outcome: PublishOutcome,
  kind: K,
): Extract<PublishOutcome, { kind: K }> {
  expect(outcome.kind).toBe(kind);
  return outcome as Extract<PublishOutcome, { kind: K }>;
}

describe('simulated drivers: success', () => {
  it('has one driver per network, each naming its platform', () => {
    const all = drivers().drivers;
    expect(Object.keys(all).sort()).toEqual([...PLATFORMS].sort());
    for (const platform of PLATFORMS) expect(all[platform].platform).toBe(platform);
  });

  it.each([
    ['x', /^https:\/\/x\.com\/demobrand\/status\/\d{19}$/],
    ['linkedin', /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d{19}\/$/],
    ['threads', /^https:\/\/www\.threads\.net\/@demobrand\/post\/[\w-]{11}$/],
    ['pinterest', /^https:\/\/www\.pinterest\.com\/pin\/\d{18}\/$/],
    ['facebook', /^https:\/\/www\.facebook\.com\/\d{15}_\d{16}$/],
    ['skool', /^https:\/\/www\.skool\.com\/community\?p=[0-9a-f]{8}$/],
  ] as const)('publishes on %s at once with a permalink', async (platform, permalink) => {
    const outcome = await drivers().drivers[platform].publish(publishInput(platform));
    const { result, finishAt } = expectKind(outcome, 'published');
    expect(result.status).toBe('published');
    expect(result.permalink).toMatch(permalink);
    expect(finishAt).toBeUndefined();
  });

  it.each([
    ['tiktok', 'publish_id'],
    ['instagram', 'container_id'],
  ] as const)(
    'answers %s with processing, its %s and a finish time 30 seconds later',
    async (platform, idField) => {
      const outcome = await drivers().drivers[platform].publish(publishInput(platform));
      const { result, finishAt } = expectKind(outcome, 'published');
      expect(result.status).toBe('processing');
      expect(typeof result[idField]).toBe('string');
      expect(result.permalink).toBeUndefined();
      expect(finishAt && secondsAfterNow(finishAt)).toBe(30);
    },
  );

  it('uses finish_after_seconds for networks that finish after the answer', async () => {
    const input = publishInput('tiktok', { behaviour: { finish_after_seconds: 90 } });
    const { finishAt } = expectKind(await drivers().drivers.tiktok.publish(input), 'published');
    expect(finishAt && secondsAfterNow(finishAt)).toBe(90);
  });

  it('gives a tiktok permalink under the username once the post is published', async () => {
    const driver = drivers().drivers.tiktok;
    const { result, finishAt } = expectKind(await driver.publish(publishInput('tiktok')), 'published');
    if (!finishAt || !driver.pollStatus) throw new Error('tiktok finishes after the answer');
    expect(driver.pollStatus({ result, username: '@demobrand', finishAt, now: NOW })).toEqual({
      done: false,
    });
    const polled = driver.pollStatus({ result, username: '@demobrand', finishAt, now: finishAt });
    if (!polled.done) throw new Error('expected done');
    expect(polled.result.status).toBe('published');
    expect(polled.result.permalink).toBe(`https://www.tiktok.com/@demobrand/video/${result.post_id}`);
    expect(polled.result.publish_id).toBe(result.publish_id);
  });

  it('uses the facebook page id in its own post id', async () => {
    const input = publishInput('facebook', {
      connection: {
        username: 'Demo',
        health: 'ready',
        options: { page: { id: '1122334455', name: 'Demo' } },
      },
    });
    const { result } = expectKind(await drivers().drivers.facebook.publish(input), 'published');
    expect(result.post_id).toMatch(/^1122334455_\d{16}$/);
  });
});

describe('simulated drivers: 202 processing', () => {
  it.each<[Platform, number | null, boolean]>([
    ['youtube', 1_000, true],
    ['youtube', null, true],
    ['x', 100 * MB, false],
    ['x', 100 * MB + 1, true],
    ['skool', 100 * MB + 1, true],
    ['skool', 50 * MB, false],
    ['linkedin', 200 * MB, false],
    ['linkedin', 200 * MB + 1, true],
    ['facebook', GB, false],
    ['facebook', GB + 1, true],
    ['threads', 900 * MB, false],
    ['x', null, false],
  ])('on %s a video of %s bytes answers processing: %s', async (platform, size, processing) => {
    const input = publishInput(platform, { postType: 'video', media: [video(size)] });
    const outcome = await drivers().drivers[platform].publish(input);
    expect(outcome.kind).toBe(processing ? 'processing' : 'published');
    if (outcome.kind === 'processing') {
      expect(outcome.result).toMatchObject({ status: 'processing', job_id: expect.stringMatching(/^job_/) });
      expect(typeof outcome.result.post_id).toBe('string');
      expect(secondsAfterNow(outcome.finishAt)).toBe(30);
    }
  });

  it('does not count images toward the large-video threshold', async () => {
    const input = publishInput('x', { postType: 'image', media: [image(300 * MB)] });
    expect((await drivers().drivers.x.publish(input)).kind).toBe('published');
  });

  it('finishes a youtube upload with a watch link at finishAt', async () => {
    const driver = drivers().drivers.youtube;
    const input = publishInput('youtube', { behaviour: { finish_after_seconds: 120 } });
    const { result, finishAt } = expectKind(await driver.publish(input), 'processing');
    expect(secondsAfterNow(finishAt)).toBe(120);
    const polled = driver.pollStatus?.({
      result,
      username: 'demo',
      finishAt,
      now: new Date(finishAt.getTime() + 1),
    });
    expect(polled?.done && (polled.result as NetworkResult).permalink).toBe(
      `https://www.youtube.com/watch?v=${result.post_id}`,
    );
  });
});

describe('simulated drivers: other outcomes', () => {
  it('refuses as simulate.error says', async () => {
    const input = publishInput('x', {
      behaviour: { outcome: 'failed', error: { status: 403, code: 'x_rejected' } },
    });
    expect(await drivers().drivers.x.publish(input)).toMatchObject({
      kind: 'failed',
      status: 403,
      code: 'x_rejected',
    });
  });

  it('answers timeout when the network never confirms', async () => {
    const input = publishInput('pinterest', { behaviour: { outcome: 'timeout' } });
    expect(await drivers().drivers.pinterest.publish(input)).toEqual({ kind: 'timeout' });
  });

  it('answers still_publishing with the late result and finish time', async () => {
    const input = publishInput('facebook', {
      behaviour: { outcome: 'still_publishing', finish_after_seconds: 45 },
    });
    const outcome = expectKind(await drivers().drivers.facebook.publish(input), 'still_publishing');
    expect(secondsAfterNow(outcome.finishAt)).toBe(45);
    expect(outcome.result.status).toBe('published');
  });

  it.each([
    [true, 'unconfirmed'],
    [false, 'timeout'],
  ])('reads unconfirmed on a scheduled send (%s) as %s', async (scheduled, kind) => {
    const input = publishInput('x', { scheduled, behaviour: { outcome: 'unconfirmed' } });
    expect((await drivers().drivers.x.publish(input)).kind).toBe(kind);
  });

  it.each([
    ['facebook', 401, 'reconnect_required'],
    ['instagram', 401, 'RECONNECT_REQUIRED'],
    ['tiktok', 401, 'REFRESH_TOKEN_EXPIRED'],
    ['x', 401, 'x_rejected'],
    ['pinterest', 401, 'pinterest_auth_failed'],
    ['threads', 500, 'platform_error'],
  ] as const)(
    'answers %s with reconnect_required health as %i %s, whatever simulate says',
    async (platform, status, code) => {
      const input = publishInput(platform, {
        connection: { username: 'demo', health: 'reconnect_required', options: {} },
        behaviour: { outcome: 'success' },
      });
      expect(await drivers().drivers[platform].publish(input)).toMatchObject({
        kind: 'failed',
        status,
        code,
      });
    },
  );

  it('waits latency_ms through the injected sleep', async () => {
    const { sleep, drivers: all } = drivers();
    await all.x.publish(publishInput('x', { behaviour: { latency_ms: 1_500 } }));
    expect(sleep).toHaveBeenCalledWith(1_500);
  });

  it('answers still_publishing when the latency is longer than the request can wait', async () => {
    const { sleep, drivers: all } = drivers();
    const outcome = await all.x.publish(publishInput('x', { behaviour: { latency_ms: 40_000 } }));
    const late = expectKind(outcome, 'still_publishing');
    expect(sleep).toHaveBeenCalledWith(24_000);
    expect(secondsAfterNow(late.finishAt)).toBe(40);
  });
});
