import { describe, expect, it } from 'vitest';
import { extractAutoMusic } from './auto-music.js';

describe('extractAutoMusic', () => {
  it.each([
    ['the phrase alone', 'auto music: on', ''],
    ['the phrase at the end', 'Sunset in Lisbon auto music: on', 'Sunset in Lisbon'],
    ['the phrase at the start', 'auto music: on Sunset in Lisbon', 'Sunset in Lisbon'],
    ['the phrase in the middle', 'Sunset auto music: on in Lisbon', 'Sunset in Lisbon'],
    ['another case', 'Sunset AUTO Music: On', 'Sunset'],
    ['no space after the colon', 'Sunset auto music:on', 'Sunset'],
    ['the phrase on its own line', 'Sunset\nauto music: on\n#travel', 'Sunset\n#travel'],
    ['the phrase on the last line', 'Sunset\n\nauto music: on', 'Sunset'],
    ['the phrase twice', 'auto music: on Sunset auto music: on', 'Sunset'],
    ['after punctuation', 'Sunset, auto music: on.', 'Sunset, .'],
  ])('removes %s and turns auto music on', (_label, caption, text) => {
    expect(extractAutoMusic(caption)).toEqual({ text, autoAddMusic: true });
  });

  it.each([
    ['no phrase', 'Sunset in Lisbon'],
    ['auto music off', 'Sunset auto music: off'],
    ['a longer word', 'Sunset auto music: one day'],
    ['a prefix', 'Sunset photoauto music: on'],
    ['the phrase across lines', 'auto\nmusic: on'],
  ])('leaves %s unchanged', (_label, caption) => {
    expect(extractAutoMusic(caption)).toEqual({ text: caption, autoAddMusic: false });
  });
});
