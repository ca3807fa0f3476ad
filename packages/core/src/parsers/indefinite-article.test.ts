import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../platforms.js';
import { indefiniteArticle, withArticle } from './indefinite-article.js';

describe('indefiniteArticle', () => {
  it.each([
    ['instagram', 'an'],
    ['x', 'an'],
    ['tiktok', 'a'],
    ['facebook', 'a'],
    ['youtube', 'a'],
    ['linkedin', 'a'],
    ['pinterest', 'a'],
    ['threads', 'a'],
    ['skool', 'a'],
    ['image', 'an'],
    ['video', 'a'],
    ['upload', 'an'],
    ['user', 'a'],
    ['MP4', 'an'],
  ])('%s takes "%s"', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });

  it('answers every network', () => {
    for (const platform of PLATFORMS) expect(withArticle(platform)).toMatch(new RegExp(`^an? ${platform}$`));
  });

  it('starts a sentence with a capital', () => {
    expect(withArticle('instagram', { capital: true })).toBe('An instagram');
    expect(withArticle('youtube', { capital: true })).toBe('A youtube');
  });
});
