import type { Platform } from '@socialpub/core';
import type { PublishInput, PublishMediaFile, RandomSource } from './network-driver.js';

/** A repeating sequence in [0, 1), so ids are the same on every run. */
export function fixedRandom(): RandomSource {
  let step = 0;
  return () => {
    step = (step + 7) % 100;
    return step / 100;
  };
}

export const NOW = new Date('2026-11-02T10:00:00.000Z');

export function video(size: number | null): PublishMediaFile {
  return { kind: 'video', size, type: 'video/mp4' };
}

export function image(size = 1_000): PublishMediaFile {
  return { kind: 'image', size, type: 'image/jpeg', width: 1080, height: 1080 };
}

/** A plain valid post for `platform` (what the domain hands over after its checks). */
export function publishInput(platform: Platform, overrides: Partial<PublishInput> = {}): PublishInput {
  const textOnly =
    platform === 'x' || platform === 'linkedin' || platform === 'threads' || platform === 'skool';
  return {
    platform,
    accountId: 'acc-test',
    profileId: 'pro-test',
    postType: textOnly ? 'text' : platform === 'pinterest' ? 'image_pin' : 'video',
    text: 'Hello from the test',
    media: textOnly ? [] : platform === 'pinterest' ? [image()] : [video(10_000_000)],
    options: {},
    connection: { username: 'demobrand', health: 'ready', options: {} },
    behaviour: {},
    now: NOW,
    ...overrides,
  };
}
