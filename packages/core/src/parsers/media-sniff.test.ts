import { describe, expect, it } from 'vitest';
import { contentMismatch, firstBytesHex, sniffMediaType } from './media-sniff.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** An `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]): Uint8Array => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 2, 0], ...compatible, [0, 0, 0, 8], 'free');
};

/** An EBML header with its DocType element. */
const ebml = (docType: string): Uint8Array =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x86, 0x81, 0x01], [0x42, 0x82, 0x80 | docType.length], docType);

describe('sniffMediaType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg', 'image'],
    [
      'PNG',
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
      'image/png',
      'image',
    ],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'image'],
    ['MP4 isom', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'video'],
    ['MP4 mp42', ftyp('mp42', 'mp42', 'isom'), 'video/mp4', 'video'],
    ['MP4 iso2', ftyp('iso2'), 'video/mp4', 'video'],
    ['MP4 avc1', ftyp('avc1'), 'video/mp4', 'video'],
    ['MP4 mp41', ftyp('mp41'), 'video/mp4', 'video'],
    ['M4V', ftyp('M4V ', 'M4V ', 'M4A ', 'mp42', 'isom'), 'video/mp4', 'video'],
    ['M4VH', ftyp('M4VH'), 'video/mp4', 'video'],
    ['MOV qt', ftyp('qt  ', 'qt  '), 'video/quicktime', 'video'],
    ['MOV without ftyp', bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'), 'video/quicktime', 'video'],
    ['WebM', ebml('webm'), 'video/webm', 'video'],
  ])('accepts %s', (_label, data, mime, kind) => {
    expect(sniffMediaType(data)).toMatchObject({ mime, kind, accepted: true });
  });

  it.each([
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'GIF'],
    ['GIF87a', bytes('GIF87a'), 'image/gif', 'GIF'],
    ['HEIC', ftyp('heic', 'mif1', 'heic'), 'image/heic', 'HEIC'],
    ['HEIC heix', ftyp('heix', 'mif1'), 'image/heic', 'HEIC'],
    ['HEIF mif1', ftyp('mif1', 'mif1', 'miaf'), 'image/heif', 'HEIF'],
    ['HEIF msf1', ftyp('msf1'), 'image/heif', 'HEIF'],
    ['HEIC under a generic major brand', ftyp('mif1', 'heic'), 'image/heic', 'HEIC'],
    ['AVIF', ftyp('avif', 'avif', 'mif1', 'miaf'), 'image/avif', 'AVIF'],
    ['AVIF sequence', ftyp('avis', 'avis', 'msf1'), 'image/avif', 'AVIF'],
    ['AVIF under mif1', ftyp('mif1', 'avif', 'miaf'), 'image/avif', 'AVIF'],
    ['SVG with xml prolog', bytes('<?xml version="1.0"?><svg'), 'image/svg+xml', 'SVG'],
    [
      'SVG after whitespace and BOM',
      bytes([0xef, 0xbb, 0xbf], '\n  <svg xmlns="http://www.w3.org/2000/svg">'),
      'image/svg+xml',
      'SVG',
    ],
    ['HTML doctype', bytes('<!DOCTYPE html><html>'), 'text/html', 'HTML'],
    ['HTML tag', bytes('\r\n<html lang="en">'), 'text/html', 'HTML'],
    ['HTML head', bytes('<head>'), 'text/html', 'HTML'],
    ['HTML body', bytes('<BODY>'), 'text/html', 'HTML'],
    ['BMP', bytes('BM', [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]), 'image/bmp', 'BMP'],
    ['TIFF little-endian', bytes('II*', [0, 8, 0, 0, 0]), 'image/tiff', 'TIFF'],
    ['TIFF big-endian', bytes('MM', [0, 42, 0, 0, 0, 8]), 'image/tiff', 'TIFF'],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video/x-msvideo', 'AVI'],
    ['MKV', ebml('matroska'), 'video/x-matroska', 'MKV'],
    ['FLV', bytes('FLV', [1, 5, 0, 0, 0, 9]), 'video/x-flv', 'FLV'],
    ['3GP', ftyp('3gp5', '3gp5', 'isom'), 'video/3gpp', '3GP'],
    ['WMV', bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9]), 'video/x-ms-wmv', 'WMV'],
  ])('recognises %s and refuses it', (_label, data, mime, label) => {
    expect(sniffMediaType(data)).toEqual({ mime, kind: expect.any(String), accepted: false, label });
  });

  it.each([
    ['empty', bytes()],
    ['plain text', bytes('hello world')],
    ['RIFF WAVE audio', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['an unknown ftyp brand', ftyp('zzzz', 'yyyy')],
    ['a lone XML-ish tag', bytes('<note>')],
    ['zip', bytes('PK', [3, 4, 20, 0])],
  ])('answers null for %s', (_label, data) => {
    expect(sniffMediaType(data)).toBeNull();
  });

  it('calls a web page kind other, neither image nor video', () => {
    expect(sniffMediaType(bytes('<html>'))?.kind).toBe('other');
  });

  it('labels M4V apart from MP4 while storing both as video/mp4', () => {
    expect(sniffMediaType(ftyp('M4V '))).toEqual({
      mime: 'video/mp4',
      kind: 'video',
      accepted: true,
      label: 'M4V',
    });
  });
});

describe('contentMismatch: what a file is not, in words', () => {
  const random = bytes([0x3f, 0x9a, 0x00, 0x11, 0xc2, 0x7e, 0x51, 0x0b, 0x99, 0x01]);
  const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR');

  it.each([
    [
      'random.mp4',
      random,
      'random.mp4 is not an MP4, MOV or WebM video: its first bytes are 3f 9a 00 11 c2 7e 51 0b.',
    ],
    [
      'photo.jpg',
      random,
      'photo.jpg is not a JPEG, PNG or WebP image: its first bytes are 3f 9a 00 11 c2 7e 51 0b.',
    ],
    ['clip.mp4', ftyp('qt  '), 'clip.mp4 is a MOV video, not an MP4 video: rename it clip.mov.'],
    ['shot.jpg', png, 'shot.jpg is a PNG image, not a JPEG image: rename it shot.png.'],
    ['dir/film.webm', png, 'film.webm is a PNG image, not a WebM video: rename it film.png.'],
    [
      'phone.jpg',
      ftyp('heic', 'mif1', 'heic'),
      'phone.jpg is not a JPEG, PNG or WebP image: its first bytes are those of a HEIC image, which the service does not take.',
    ],
    [
      'page.mp4',
      bytes('<!DOCTYPE html><html>'),
      'page.mp4 is not an MP4, MOV or WebM video: its first bytes are those of a web page (HTML), which the service does not take.',
    ],
    [
      'tiny.png',
      bytes([0x89, 0x50]),
      'tiny.png is not a JPEG, PNG or WebP image: its first bytes are 89 50.',
    ],
    ['none.mov', bytes(), 'none.mov is empty.'],
  ])('%s', (name, head, words) => {
    expect(contentMismatch(name, head)).toBe(words);
  });

  it.each([
    ['clip.mp4', ftyp('isom', 'isom', 'avc1')],
    ['clip.M4V', ftyp('mp42')],
    ['clip.mov', ftyp('qt  ')],
    ['old.mov', bytes([0, 0, 0, 8], 'wide')],
    ['clip.webm', ebml('webm')],
    ['a.jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['a.png', png],
    ['a.webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ])('takes %s whose first bytes are its type', (name, head) => {
    expect(contentMismatch(name, head)).toBeNull();
  });

  it('leaves a name without an accepted extension to the name check', () => {
    expect(contentMismatch('notes.txt', random)).toBeNull();
  });

  it('shows at most eight first bytes', () => {
    expect(firstBytesHex(random)).toBe('3f 9a 00 11 c2 7e 51 0b');
  });
});
