import { describe, expect, it } from 'vitest';
import { collectFigures, nextFiguresCollectionAt } from './figures.js';

const publishedAt = new Date('2026-11-02T10:00:00.000Z');
const hoursLater = (hours: number) => new Date(publishedAt.getTime() + hours * 3_600_000);

describe('collectFigures', () => {
  it('reports the set figures exactly and names the left-out ones as not reported', () => {
    const reading = collectFigures('instagram', {
      postId: 'p1',
      publishedAt,
      figures: { views: 100, likes: 10, comments: 2 },
      now: hoursLater(6),
    });
    expect(reading.metrics).toMatchObject({ views: 100, likes: 10, comments: 2, shares: null, saves: null });
    expect(reading.not_reported).toEqual(expect.arrayContaining(['shares', 'reach', 'saves']));
    expect(reading.not_reported).not.toContain('views');
    expect(reading.polled_at).toBe(hoursLater(6).toISOString());
  });

  it('reports a set figure exactly even where the network does not report it by default', () => {
    // tiktok reports views, likes, comments and shares by default; simulate.figures wins.
    const reading = collectFigures('tiktok', {
      postId: 'p1',
      publishedAt,
      figures: { views: 5, impressions: 999, clicks: 3 },
      now: hoursLater(6),
    });
    expect(reading.metrics).toMatchObject({ views: 5, impressions: 999, clicks: 3, likes: null });
    expect(reading.not_reported).not.toContain('impressions');
    expect(reading.not_reported).toEqual(expect.arrayContaining(['likes', 'comments', 'shares', 'reach']));
  });

  it('treats an explicit null as not reported, never zero', () => {
    const reading = collectFigures('x', {
      postId: 'p',
      publishedAt,
      figures: { likes: null },
      now: hoursLater(1),
    });
    expect(reading.metrics.likes).toBeNull();
    expect(reading.not_reported).toContain('likes');
  });

  it('adds likes, comments, shares and saves into engagement, skipping nulls', () => {
    const reading = collectFigures('instagram', {
      postId: 'p',
      publishedAt,
      figures: { likes: 10, comments: 3, shares: 2, saves: 4, views: 1_000 },
      now: hoursLater(6),
    });
    expect(reading.engagement).toBe(19);
    const partial = collectFigures('instagram', {
      postId: 'p',
      publishedAt,
      figures: { likes: 7 },
      now: hoursLater(6),
    });
    expect(partial.engagement).toBe(7);
  });

  it('grows default figures with time and stops after 7 days, the same on every read', () => {
    const read = (hours: number) =>
      collectFigures('youtube', { postId: 'abc', publishedAt, figures: undefined, now: hoursLater(hours) })
        .metrics.views ?? -1;
    expect(read(0)).toBe(0);
    expect(read(6)).toBeGreaterThan(0);
    expect(read(48)).toBeGreaterThan(read(6));
    expect(read(24 * 7)).toBe(read(24 * 30));
    expect(read(48)).toBe(read(48));
  });

  it('leaves unreported metrics null with default figures too', () => {
    const reading = collectFigures('skool', {
      postId: 'abc',
      publishedAt,
      figures: undefined,
      now: hoursLater(24),
    });
    expect(reading.metrics.views).toBeNull();
    expect(reading.metrics.likes).not.toBeNull();
    expect(reading.not_reported).toHaveLength(7);
  });
});

describe('nextFiguresCollectionAt', () => {
  it.each([
    [0, 6],
    [5.9, 6],
    [6, 12],
    [161, 162],
    [-3, 6],
  ])('after %s hours the next collection is at %s hours', (after, next) => {
    expect(nextFiguresCollectionAt(publishedAt, hoursLater(after))).toEqual(hoursLater(next));
  });

  it('stops collecting after 7 days', () => {
    expect(nextFiguresCollectionAt(publishedAt, hoursLater(168))).toBeNull();
  });
});
