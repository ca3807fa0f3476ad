import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesNameSearch, nameSearchWords } from './name-search.js';

describe('matchesNameSearch', () => {
  it.each([
    ['summer-holiday_2026.MP4', 'holiday summer', true],
    ['summer-holiday_2026.MP4', 'SUMMER, 2026!', true],
    ['summer-holiday_2026.MP4', 'sum', true],
    ['summer-holiday_2026.MP4', 'mp4', true],
    ['summer-holiday_2026.MP4', 'winter', false],
    ['summer-holiday_2026.MP4', 'summer winter', false],
    ['summer-holiday_2026.MP4', 'summerholiday', false],
    ['Café Crème.jpg', 'CRÈME café', true],
    ['Café Crème.jpg', 'cafe', false],
    ['東京タワー 夜景.png', '夜景', true],
    ['ｆｕｌｌｗｉｄｔｈ.jpg', 'fullwidth', true],
    ['clip.mp4', '---', true],
  ])('%s with query %s is %s', (name, query, expected) => {
    expect(matchesNameSearch(name, query)).toBe(expected);
  });

  it('splits on punctuation and keeps letters and digits of any script', () => {
    expect(nameSearchWords('Ärger_über-Größe (2).mov')).toEqual(['ärger', 'über', 'größe', '2', 'mov']);
  });

  it('always finds a name by its own words in any order and case', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 5 }),
        (words) => {
          const name = `${words.join('_')}.mp4`;
          const query = [...words].reverse().join(' ').toUpperCase();
          expect(matchesNameSearch(name, query)).toBe(true);
        },
      ),
    );
  });
});
