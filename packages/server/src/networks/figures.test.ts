import { PLATFORMS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { collectFigures, firstFiguresText, nextFiguresCollectionAt } from './figures.js';

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

describe('firstFiguresText', () => {
  it('is the JSON text of the reading at the publishing instant, for every network and figures set', () => {
    const sets = [undefined, { views: 42, likes: 7 }, { likes: null, comments: 3 }, undefined];
    const instants = [publishedAt, hoursLater(1), new Date('2027-01-31T23:59:59.999Z')];
    for (const platform of PLATFORMS) {
      for (const figures of sets) {
        for (const now of instants) {
          const postId = `post-${platform}-${now.getTime()}`;
          const reading = collectFigures(platform, { postId, publishedAt: now, figures, now });
          expect(firstFiguresText(platform, figures, now)).toBe(JSON.stringify(reading));
        }
      }
    }
  });

  it('follows a changed figures set of the same network at once', () => {
    const now = hoursLater(2);
    const before = firstFiguresText('x', { likes: 1 }, now);
    const after = firstFiguresText('x', { likes: 2 }, now);
    expect(JSON.parse(before).metrics.likes).toBe(1);
    expect(JSON.parse(after).metrics.likes).toBe(2);
  });
});
