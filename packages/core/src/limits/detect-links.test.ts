import { describe, expect, it } from 'vitest';
import { detectLinks } from './detect-links.js';

describe('detectLinks', () => {
  it.each<[string, string[]]>([
    ['Read https://example.com/a?b=1#c now', ['https://example.com/a?b=1#c']],
    ['HTTP://EXAMPLE.COM works too', ['HTTP://EXAMPLE.COM']],
    ['See http://localhost:3000/x.', ['http://localhost:3000/x']],
    ['Visit example.com/path today', ['example.com/path']],
    ['Visit example.com.', ['example.com']],
    ['shop at store.example.io, ok?', ['store.example.io']],
    ['www.example.de is ours', ['www.example.de']],
    ['news at bbc.co.uk', ['bbc.co.uk']],
    ['short bit.ly/abc and t.co/xyz', ['bit.ly/abc', 't.co/xyz']],
    ['our site example.de/kontakt', ['example.de/kontakt']],
    ['(see https://en.wikipedia.org/wiki/Foo_(bar))', ['https://en.wikipedia.org/wiki/Foo_(bar)']],
    ['(see https://example.com/x)', ['https://example.com/x']],
    ['twice: example.com and example.com', ['example.com']],
    ['first b.com then https://a.com', ['b.com', 'https://a.com']],
    ['Sub-domains: my-shop.example.com/sale!', ['my-shop.example.com/sale']],
  ])('finds the links in %j', (text, links) => {
    expect(detectLinks(text)).toEqual(links);
  });

  it.each([
    'no links here',
    'e.g. this, i.e. that',
    'Read README.md and index.html',
    'write to me@example.com',
    'version 1.2.3 costs 3.50',
    'end of sentence.Next one',
    'follow @example.com',
    'https:// alone',
    'node.js is great',
    '',
  ])('finds no link in %j', (text) => {
    expect(detectLinks(text)).toEqual([]);
  });
});
