import { describe, expect, it } from 'vitest';
import { OwnNames } from '../../src/http/own-names.js';

// Every request asks OwnNames for its Host's `{base_url}`, so each Host value's answer is worked
// out once; these check that keeping them changes no answer.

describe('OwnNames keeps each Host answer', () => {
  it('answers the same for a Host asked again, and refuses any number of foreign names', () => {
    const urls = { base: 'http://127.0.0.1:8787', storage: 'http://127.0.0.1:8787' };
    const names = new OwnNames(urls, undefined);
    names.listening('127.0.0.1', 8787);
    for (let pass = 0; pass < 2; pass++) {
      expect(names.baseFor('localhost:8787')).toBe('http://localhost:8787');
      expect(names.baseFor('[::1]:8787')).toBe('http://[::1]:8787');
      for (let i = 0; i < 200; i++) expect(names.baseFor(`rebind-${i}.example:8787`)).toBeNull();
      expect(names.baseFor('127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
      expect(names.baseFor('localhost:8788')).toBeNull();
    }
  });

  it('works the answers out again for a new listener', () => {
    const urls = { base: 'http://127.0.0.1:8787', storage: 'http://127.0.0.1:8787' };
    const names = new OwnNames(urls, undefined);
    names.listening('127.0.0.1', 8787);
    expect(names.baseFor('localhost:8787')).toBe('http://localhost:8787');
    names.listening('127.0.0.1', 9000);
    expect(names.baseFor('localhost:8787')).toBeNull();
    expect(names.baseFor('localhost:9000')).toBe('http://localhost:9000');
  });

  it('reads the configured base when asked, not when the Host was first seen', () => {
    const urls = { base: 'http://127.0.0.1:8787', storage: 'http://proxy.example:443' };
    const names = new OwnNames(urls, 'https://api.example');
    names.listening('127.0.0.1', 8787);
    expect(names.baseFor('api.example')).toBe('http://127.0.0.1:8787');
    urls.base = 'https://api.example/';
    expect(names.baseFor('api.example')).toBe('https://api.example');
    expect(names.baseFor('localhost:8787')).toBe('https://api.example');
    expect(names.baseFor('elsewhere.example')).toBeNull();
  });
});
