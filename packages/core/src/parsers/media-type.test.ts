import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_MEDIA_TYPES,
  acceptedMimeFor,
  isAcceptedMime,
  isGenericContentType,
  mediaKindFromUrl,
  mediaTypeFromFileName,
  mimeMatchesExtension,
} from './media-type.js';

describe('mediaTypeFromFileName', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 'image', 'jpg'],
    ['photo.JPEG', 'image/jpeg', 'image', 'jpeg'],
    ['a.b.png', 'image/png', 'image', 'png'],
    ['pic.WebP', 'image/webp', 'image', 'webp'],
    ['clip.mp4', 'video/mp4', 'video', 'mp4'],
    ['clip.m4v', 'video/mp4', 'video', 'm4v'],
    ['clip.MOV', 'video/quicktime', 'video', 'mov'],
    ['clip.webm', 'video/webm', 'video', 'webm'],
    ['C:\\videos\\clip.mp4', 'video/mp4', 'video', 'mp4'],
  ])('reads %s as %s', (name, mime, kind, extension) => {
    expect(mediaTypeFromFileName(name)).toEqual({ mime, kind, extension });
  });

  it.each([
    'anim.gif',
    'photo.heic',
    'image.svg',
    'clip.avi',
    'clip.mkv',
    'noextension',
    'jpg',
    'dir.jpg/file',
    '',
  ])('refuses %s', (name) => {
    expect(mediaTypeFromFileName(name)).toBeNull();
  });
});

describe('accepted types', () => {
  it('lists the six accepted MIME types', () => {
    expect([...ACCEPTED_MEDIA_TYPES].sort()).toEqual(
      ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm'].sort(),
    );
  });

  it.each([
    ['image/jpeg', true],
    ['IMAGE/JPEG; charset=binary', true],
    ['image/jpg', true],
    ['video/x-m4v', true],
    ['video/quicktime', true],
    ['image/gif', false],
    ['image/heic', false],
    ['text/html', false],
    ['video/x-matroska', false],
    ['', false],
  ])('isAcceptedMime(%s) is %s', (mime, expected) => {
    expect(isAcceptedMime(mime)).toBe(expected);
  });

  it('maps video/x-m4v to video/mp4, as .m4v is stored', () => {
    expect(acceptedMimeFor('video/x-m4v')).toBe('video/mp4');
  });
});

describe('mimeMatchesExtension', () => {
  it.each([
    ['image/jpeg', 'photo.jpg', true],
    ['image/jpeg', '.jpeg', true],
    ['image/jpeg', 'JPG', true],
    ['video/mp4', 'clip.m4v', true],
    ['video/mp4', 'clip.mp4', true],
    ['video/quicktime', 'clip.mov', true],
    ['video/mp4', 'clip.mov', false],
    ['video/quicktime', 'clip.mp4', false],
    ['image/png', 'photo.jpg', false],
    ['image/gif', 'anim.gif', false],
    ['video/webm', 'clip.webm', true],
  ])('%s against %s is %s', (mime, name, expected) => {
    expect(mimeMatchesExtension(mime, name)).toBe(expected);
  });
});

describe('isGenericContentType', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['application/octet-stream', true],
    ['Binary/Octet-Stream', true],
    ['application/octet-stream; charset=UTF-8', true],
    ['application/force-download', true],
    ['image/jpeg', false],
    ['text/html', false],
  ])('%s is %s', (ct, expected) => {
    expect(isGenericContentType(ct)).toBe(expected);
  });
});

describe('mediaKindFromUrl', () => {
  it.each([
    ['https://cdn.example.com/a/photo.jpg', 'image'],
    ['https://cdn.example.com/a/photo.PNG?w=100&h=200', 'image'],
    ['https://cdn.example.com/a/clip.mp4#t=10', 'video'],
    ['https://cdn.example.com/a/clip.mov?name=x.jpg', 'video'],
    ['https://cdn.example.com/download?file=clip.mp4', null],
    ['https://cdn.example.com/a/page.html', null],
    ['https://cdn.example.com/', null],
    ['not a url/clip.webm?x', 'video'],
  ])('reads %s as %s', (url, kind) => {
    expect(mediaKindFromUrl(url)).toBe(kind);
  });
});
