import { describe, expect, it } from 'vitest';
import { GIGABYTE, MEGABYTE } from '../limits/byte-units.js';
import type { Plan } from '../plans.js';
import { PLATFORMS, type Platform } from '../platforms.js';
import type { PostType } from './network-rules.js';
import {
  answersProcessing,
  mediaSizeLimit,
  NETWORKS,
  networkRules,
  passesPlanGate,
  platformsWithSignInCode,
  requiredOptionFields,
  videoDurationLimitSeconds,
} from './networks.js';

describe('NETWORKS table', () => {
  it('has one entry per platform, each naming its own platform', () => {
    expect(Object.keys(NETWORKS).sort()).toEqual([...PLATFORMS].sort());
    for (const platform of PLATFORMS) expect(networkRules(platform).platform).toBe(platform);
  });

  // Supported networks and post types.
  it.each<[Platform, PostType[]]>([
    ['tiktok', ['video', 'photo_slideshow']],
    ['instagram', ['image', 'reel', 'story', 'carousel']],
    ['facebook', ['photo', 'video', 'reel', 'text']],
    ['youtube', ['video']],
    ['x', ['text', 'image', 'video']],
    ['linkedin', ['text', 'image', 'video']],
    ['pinterest', ['image_pin']],
    ['threads', ['text', 'image', 'video', 'carousel']],
    ['skool', ['text', 'image', 'video']],
  ])('lists the post types of %s', (platform, postTypes) => {
    expect(networkRules(platform).postTypes).toEqual(postTypes);
  });

  // Media rule: text-only posts are accepted for threads, x, linkedin, skool and facebook.
  it.each(PLATFORMS.map((p) => [p, ['threads', 'x', 'linkedin', 'skool', 'facebook'].includes(p)] as const))(
    'accepts text-only posts on %s: %s',
    (platform, textOnly) => {
      expect(networkRules(platform).textOnly).toBe(textOnly);
    },
  );

  it.each<[Platform, boolean, boolean, number | null]>([
    ['pinterest', true, false, null],
    ['youtube', false, true, 1],
    ['tiktok', true, true, null],
    ['threads', true, true, 20],
  ])('media on %s: images %s, videos %s, max files %s', (platform, images, videos, maxFiles) => {
    const { media } = networkRules(platform);
    expect([media.images, media.videos, media.maxFiles]).toEqual([images, videos, maxFiles]);
  });

  it('posts one kind of media per tiktok post (a video or a photo slideshow)', () => {
    expect(networkRules('tiktok').media.oneKindPerPost).toBe(true);
  });

  // Limits, Media: per-network publishing limits.
  it.each<[Platform, number | null]>([
    ['youtube', 5 * GIGABYTE],
    ['facebook', 5 * GIGABYTE],
    ['x', 5 * GIGABYTE],
    ['linkedin', 5 * GIGABYTE],
    ['skool', 5 * GIGABYTE],
    ['tiktok', 4 * GIGABYTE],
    ['threads', GIGABYTE],
    ['instagram', 300 * MEGABYTE],
    ['pinterest', null],
  ])('limits %s videos to %s bytes', (platform, bytes) => {
    expect(networkRules(platform).maxVideoBytes).toBe(bytes);
  });

  it.each<[Platform, number | null, boolean]>([
    ['pinterest', 20 * MEGABYTE, true],
    ['tiktok', 20 * MEGABYTE, true],
    ['instagram', 8 * MEGABYTE, true],
    ['x', 5 * MEGABYTE, true],
    ['threads', 8 * MEGABYTE, true],
    ['facebook', null, false],
    ['linkedin', null, false],
    ['skool', null, false],
    ['youtube', null, false],
  ])('limits %s images to %s bytes, checked before sending: %s', (platform, bytes, checked) => {
    const rules = networkRules(platform);
    expect([rules.maxImageBytes, rules.imageSizeCheckedBeforeSending]).toEqual([bytes, checked]);
  });

  it.each<[Platform, PostType | undefined, number | null, number | null]>([
    ['tiktok', undefined, 4 * GIGABYTE, 600],
    ['instagram', 'reel', 300 * MEGABYTE, 900],
    ['instagram', 'story', 100 * MEGABYTE, 60],
    ['youtube', undefined, 5 * GIGABYTE, null],
  ])('applies the %s %s video limit of %s bytes and %s seconds', (platform, postType, bytes, seconds) => {
    expect(mediaSizeLimit(platform, 'video', postType)).toBe(bytes);
    expect(videoDurationLimitSeconds(platform, postType)).toBe(seconds);
  });

  it('has no image size check where the network decides', () => {
    expect(mediaSizeLimit('facebook', 'image')).toBeNull();
    expect(mediaSizeLimit('pinterest', 'image')).toBe(20 * MEGABYTE);
  });

  // Limits, Media: captions.
  it.each([
    ['tiktok caption', networkRules('tiktok').captions.text, 2_200, 'UTF-16 code units'],
    ['tiktok photo title', networkRules('tiktok').captions.title, 90, 'UTF-16 code units'],
    ['tiktok photo description', networkRules('tiktok').captions.description, 4_000, 'UTF-16 code units'],
    ['threads text', networkRules('threads').captions.text, 500, 'characters'],
    ['youtube title', networkRules('youtube').captions.title, 100, 'characters'],
    ['youtube description', networkRules('youtube').captions.description, 5_000, 'bytes'],
    ['youtube tags', networkRules('youtube').captions.tags, 500, 'characters'],
  ] as const)('limits the %s to %s %s', (_name, limit, max, unit) => {
    expect(limit).toMatchObject({ max, unit });
  });

  it.each([
    ['threads text over 500 is refused', networkRules('threads').captions.text?.whenOver, 'refuse'],
    ['youtube tags over budget are refused', networkRules('youtube').captions.tags?.whenOver, 'refuse'],
    ['youtube title is shortened', networkRules('youtube').captions.title?.whenOver, 'shorten'],
    ['youtube description is shortened', networkRules('youtube').captions.description?.whenOver, 'shorten'],
    ['tiktok photo title is shortened', networkRules('tiktok').captions.title?.whenOver, 'shorten'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('removes < and > from youtube text only', () => {
    expect(networkRules('youtube').captions.disallowedCharacters).toEqual(['<', '>']);
    expect(networkRules('tiktok').captions.disallowedCharacters).toEqual([]);
  });

  // POST /posts option blocks: required fields.
  it.each<[Platform, string[]]>([
    ['pinterest', ['boardId']],
    ['youtube', ['privacyStatus']],
    ['skool', ['group', 'title']],
    ['tiktok', ['privacyLevel']],
    ['x', []],
    ['linkedin', []],
    ['threads', []],
    ['facebook', []],
    ['instagram', []],
  ])('requires the %s options %j', (platform, names) => {
    expect(requiredOptionFields(platform).map((field) => field.name)).toEqual(names);
  });

  it.each<[Platform, string[]]>([
    ['x', ['madeWithAi', 'paidPartnership']],
    ['linkedin', ['carousel']],
    ['tiktok', []],
  ])('turns the unsupported %s options %j into warnings', (platform, names) => {
    expect(networkRules(platform).unsupportedOptions).toEqual(names);
  });

  it.each(['disabledDuet', 'disabledStitch', 'isAiGenerated'])('keeps tiktok %s to videos', (name) => {
    expect(networkRules('tiktok').options.find((field) => field.name === name)?.appliesTo).toEqual(['video']);
  });

  it('maps the misnamed tiktok.privacyStatus to privacyLevel', () => {
    expect(networkRules('tiktok').misnamedOptions).toEqual({ privacyStatus: 'privacyLevel' });
  });

  it.each(PLATFORMS.map((p) => [p, !['x', 'linkedin', 'threads'].includes(p)] as const))(
    'has an options row for %s: %s',
    (platform, hasOptions) => {
      expect(networkRules(platform).hasOptions).toBe(hasOptions);
    },
  );
});

describe('plan gates', () => {
  it.each<[Platform, Plan, boolean, boolean]>([
    ['skool', 'free', false, false],
    ['skool', 'beginner', false, true],
    ['skool', 'agency', false, true],
    ['x', 'agency', false, false],
    ['x', 'free', true, true],
    ['tiktok', 'free', false, true],
    ['pinterest', 'free', false, true],
  ])('lets %s through on %s with X add-on %s: %s', (platform, plan, addon, passes) => {
    expect(passesPlanGate(platform, plan, addon)).toBe(passes);
  });
});

describe('answers and sign-in', () => {
  // Post record: timeout done windows.
  it.each<[Platform, number]>([
    ['pinterest', 600],
    ['threads', 600],
    ['youtube', 7_200],
    ['x', 90_000],
    ['linkedin', 90_000],
    ['skool', 90_000],
    ['facebook', 172_800],
    ['instagram', 172_800],
    ['tiktok', 172_800],
  ])('makes a %s timeout done after %s seconds', (platform, seconds) => {
    expect(networkRules(platform).timeoutDoneSeconds).toBe(seconds);
  });

  it.each(PLATFORMS.map((p) => [p, p === 'tiktok' || p === 'instagram'] as const))(
    'finishes %s after the answer: %s',
    (platform, finishes) => {
      expect(networkRules(platform).finishesAfterAnswer).toBe(finishes);
    },
  );

  // Responses, 202 processing thresholds ("over" is strictly greater).
  it.each<[Platform, number | null, boolean]>([
    ['youtube', 1, true],
    ['youtube', null, true],
    ['x', 100 * MEGABYTE, false],
    ['x', 100 * MEGABYTE + 1, true],
    ['skool', 100 * MEGABYTE + 1, true],
    ['linkedin', 200 * MEGABYTE, false],
    ['linkedin', 200 * MEGABYTE + 1, true],
    ['facebook', GIGABYTE, false],
    ['facebook', GIGABYTE + 1, true],
    ['facebook', null, false],
    ['tiktok', 4 * GIGABYTE, false],
    ['threads', GIGABYTE, false],
  ])('answers 202 processing on %s for a %s-byte video: %s', (platform, bytes, processing) => {
    expect(answersProcessing(platform, bytes)).toBe(processing);
  });

  it.each(
    PLATFORMS.map((p) => [p, ['x', 'youtube', 'linkedin', 'pinterest', 'tiktok'].includes(p)] as const),
  )('renews an expired %s sign-in by itself: %s', (platform, renews) => {
    expect(networkRules(platform).renewsExpiredSignIn).toBe(renews);
  });

  it.each<[Platform, number, string]>([
    ['facebook', 401, 'reconnect_required'],
    ['linkedin', 401, 'reconnect_required'],
    ['skool', 401, 'reconnect_required'],
    ['youtube', 401, 'reconnect_required'],
    ['instagram', 401, 'RECONNECT_REQUIRED'],
    ['tiktok', 401, 'REFRESH_TOKEN_EXPIRED'],
    ['x', 401, 'x_rejected'],
    ['pinterest', 401, 'pinterest_auth_failed'],
    ['threads', 500, 'platform_error'],
  ])('answers a rejected %s sign-in with %s %s', (platform, status, code) => {
    expect(networkRules(platform).signInRejected).toEqual({ status, code });
  });

  it('finds the networks answering NO_TOKEN and TOKEN_REFRESH_FAILED', () => {
    expect(platformsWithSignInCode('NO_TOKEN').sort()).toEqual(['instagram', 'tiktok']);
    expect(platformsWithSignInCode('TOKEN_REFRESH_FAILED').sort()).toEqual(['instagram', 'tiktok']);
  });

  it.each(PLATFORMS.map((p) => [p, ['facebook', 'linkedin', 'skool'].includes(p)] as const))(
    'uses the network id as data.post_id on %s: %s',
    (platform, own) => {
      expect(networkRules(platform).postIdIsNetworkId).toBe(own);
    },
  );

  it.each(PLATFORMS.map((p) => [p, ['tiktok', 'facebook', 'youtube'].includes(p)] as const))(
    'always records a still_publishing %s post: %s',
    (platform, recorded) => {
      expect(networkRules(platform).stillPublishingAlwaysRecorded).toBe(recorded);
    },
  );

  it('reports no watch time on pinterest and reports something on every network', () => {
    expect(networkRules('pinterest').reportedFigures).not.toContain('watch_time_seconds');
    for (const platform of PLATFORMS)
      expect(networkRules(platform).reportedFigures.length).toBeGreaterThan(0);
  });

  it('gives skool its own limit of 1 post per hour and 10 per day', () => {
    expect(networkRules('skool').ownRateLimit).toEqual({ postsPerHour: 1, postsPerUtcDay: 10 });
    expect(networkRules('x').ownRateLimit).toBeNull();
  });
});
