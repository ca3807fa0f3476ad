import { LIMITS } from '../limits/limits.js';
import { mediaTypeFromFileName } from './media-type.js';

/**
 * What a file is by its first bytes (POST /media: "A file without a usable type is judged by those
 * first bytes"; upload complete checks "type, first bytes"). Types the service refuses are still
 * recognised so the 415 can name them ("web page, GIF, HEIC, SVG, other video format").
 */
export interface SniffedMediaType {
  mime: string;
  /** `other` for web pages, which are neither images nor videos. */
  kind: 'image' | 'video' | 'other';
  accepted: boolean;
  /** Short human name for messages: JPEG, MOV, HEIC, HTML... */
  label: string;
}

/** How many first bytes the sniffer can use; the import reads the first 4 KB. */
export const SNIFF_BYTES: number = LIMITS.mediaImport.sniffBytes;

const t = (
  mime: string,
  kind: SniffedMediaType['kind'],
  accepted: boolean,
  label: string,
): SniffedMediaType => ({
  mime,
  kind,
  accepted,
  label,
});

const JPEG = t('image/jpeg', 'image', true, 'JPEG');
const MP4 = t('video/mp4', 'video', true, 'MP4');
const M4V = t('video/mp4', 'video', true, 'M4V');
const MOV = t('video/quicktime', 'video', true, 'MOV');
const HEIC = t('image/heic', 'image', false, 'HEIC');
const HEIF = t('image/heif', 'image', false, 'HEIF');
const AVIF = t('image/avif', 'image', false, 'AVIF');
const THREE_GP = t('video/3gpp', 'video', false, '3GP');

// ISO base media file brands (the `ftyp` box). Image brands win over video ones when listed
// anywhere, because HEIC and AVIF files list generic brands (mif1, miaf) beside their own; the
// specific AVIF and HEIC brands win over the generic HEIF ones (mif1, msf1) in the same way.
const IMAGE_BRAND_TIERS: readonly Readonly<Record<string, SniffedMediaType>>[] = [
  { avif: AVIF, avis: AVIF },
  { heic: HEIC, heix: HEIC, heim: HEIC, heis: HEIC, hevc: HEIC, hevx: HEIC },
  { mif1: HEIF, msf1: HEIF },
];
const VIDEO_BRANDS: Readonly<Record<string, SniffedMediaType>> = {
  isom: MP4,
  iso2: MP4,
  iso3: MP4,
  iso4: MP4,
  iso5: MP4,
  iso6: MP4,
  mp41: MP4,
  mp42: MP4,
  avc1: MP4,
  dash: MP4,
  mmp4: MP4,
  MSNV: MP4,
  XAVC: MP4,
  'M4V ': M4V,
  M4VH: M4V,
  M4VP: M4V,
  'qt  ': MOV,
  '3gp4': THREE_GP,
  '3gp5': THREE_GP,
  '3gp6': THREE_GP,
  '3g2a': THREE_GP,
  '3ge6': THREE_GP,
  '3gg6': THREE_GP,
};
// Old QuickTime files start with one of these atoms instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

// WHATWG MIME Sniffing, "identifying a resource with an unknown MIME type": tags that mark HTML.
const HTML_TAGS = ['!doctype html', 'html', 'head', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a'];
const HTML_TAGS_MORE = ['style', 'title', 'b', 'body', 'br', 'p', '!--'];

function ascii(bytes: Uint8Array, from: number, length: number): string {
  let out = '';
  for (let i = from; i < from + length && i < bytes.length; i++) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** Identifies a file by its first bytes; null when they match nothing known. */
export function sniffMediaType(bytes: Uint8Array): SniffedMediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return t('image/png', 'image', true, 'PNG');
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('RIFF')) {
    const form = head.slice(8, 12);
    if (form === 'WEBP') return t('image/webp', 'image', true, 'WebP');
    if (form === 'AVI ') return t('video/x-msvideo', 'video', false, 'AVI');
    return null;
  }
  if (head.slice(4, 8) === 'ftyp') return sniffFtyp(bytes);
  if (QUICKTIME_ATOMS.has(head.slice(4, 8))) return MOV;
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(bytes);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return t('image/gif', 'image', false, 'GIF');
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return t('image/tiff', 'image', false, 'TIFF');
  if (head.startsWith('BM') && bytes.length >= 14 && startsWith(bytes, [0, 0, 0, 0], 6)) {
    return t('image/bmp', 'image', false, 'BMP');
  }
  if (head.startsWith('FLV\x01')) return t('video/x-flv', 'video', false, 'FLV');
  if (head.startsWith('OggS')) return t('video/ogg', 'video', false, 'Ogg');
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))
    return t('video/x-ms-wmv', 'video', false, 'WMV');
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) {
    return t('video/mpeg', 'video', false, 'MPEG');
  }
  if (bytes[0] === 0x47 && bytes[188] === 0x47 && bytes.length > 188)
    return t('video/mp2t', 'video', false, 'MPEG-TS');
  return sniffText(bytes);
}

function sniffFtyp(bytes: Uint8Array): SniffedMediaType | null {
  const boxSize =
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
  const end = Math.min(bytes.length, Math.max(boxSize, 16));
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  for (const tier of IMAGE_BRAND_TIERS) {
    const image = brands.map((brand) => tier[brand]).find((found) => found !== undefined);
    if (image) return image;
  }
  for (const brand of brands) {
    const video = VIDEO_BRANDS[brand];
    if (video) return video;
  }
  return null;
}

/** EBML (Matroska family): the DocType element (0x4282) says webm or matroska (the default). */
function sniffEbml(bytes: Uint8Array): SniffedMediaType {
  const limit = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 4; i + 2 < limit; i++) {
    if (bytes[i] !== 0x42 || bytes[i + 1] !== 0x82) continue;
    const sizeByte = bytes[i + 2] ?? 0;
    const width = Math.clz32(sizeByte) - 23;
    if (width < 1 || width > 8) continue;
    let size = sizeByte & (0xff >> width);
    for (let k = 1; k < width; k++) size = size * 256 + (bytes[i + 2 + k] ?? 0);
    const docType = ascii(bytes, i + 2 + width, Math.min(size, 32)).replace(/\0+$/, '');
    if (docType === 'webm') return t('video/webm', 'video', true, 'WebM');
    if (docType === 'matroska') break;
  }
  return t('video/x-matroska', 'video', false, 'MKV');
}

function sniffText(bytes: Uint8Array): SniffedMediaType | null {
  let start = 0;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) start = 3;
  while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start] ?? 0)) start++;
  const text = ascii(bytes, start, 64).toLowerCase();
  if (text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!doctype svg')) {
    return t('image/svg+xml', 'image', false, 'SVG');
  }
  for (const tag of [...HTML_TAGS, ...HTML_TAGS_MORE]) {
    if (!text.startsWith(`<${tag}`)) continue;
    if (tag === '!--' || /[\s>]/.test(text.charAt(tag.length + 1)))
      return t('text/html', 'other', false, 'HTML');
  }
  return null;
}

/** How many first bytes a content refusal shows, as hex. */
export const FIRST_BYTES_SHOWN = 8;

/** What the service takes of each kind, as a refusal names them. */
const KIND_WORDS = { image: 'a JPEG, PNG or WebP image', video: 'an MP4, MOV or WebM video' } as const;

// Labels read letter by letter or starting with a vowel sound ("an MP4", "a MOV", "a HEIC").
const AN_LABELS = new Set(['MP4', 'M4V', 'MKV', 'MPEG', 'MPEG-TS', 'AVI', 'AVIF', 'FLV', 'Ogg', 'SVG']);

/** "an MP4 video", "a HEIC image", "a web page (HTML)". */
function described(found: Pick<SniffedMediaType, 'kind' | 'label'>): string {
  if (found.kind === 'other') return `a web page (${found.label})`;
  const article = AN_LABELS.has(found.label) ? 'an' : 'a';
  return `${article} ${found.label} ${found.kind}`;
}

/** The label a name's extension promises (.m4v is stored as MP4, .jpeg as JPEG). */
const NAMED_LABEL: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
};

/** The extension a renamed file takes for a sniffed accepted type. */
const EXTENSION_FOR: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** The first bytes as lower-case hex pairs: "3f 9a 00 11 c2 7e 51 0b". */
export function firstBytesHex(bytes: Uint8Array, count: number = FIRST_BYTES_SHOWN): string {
  return Array.from(bytes.subarray(0, count), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Whether a file's first bytes are what its name says, in words, or null when they are. The same
 * rule as the server's check of arrived bytes (the sniffed type must be the name's type), so the
 * CLI, the SDK and the uploaders can refuse before sending anything, with the server's words:
 *   "random.mp4 is not an MP4, MOV or WebM video: its first bytes are 3f 9a 00 11 c2 7e 51 0b."
 *   "clip.mp4 is a MOV video, not an MP4 video: rename it clip.mov."
 * A name without an accepted extension is not judged here (null): the name check refuses it.
 */
export function contentMismatch(fileName: string, head: Uint8Array): string | null {
  const named = mediaTypeFromFileName(fileName);
  if (named === null) return null;
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  if (head.length === 0) return `${base} is empty.`;
  const found = sniffMediaType(head);
  if (found?.accepted && found.mime === named.mime) return null;
  if (found === null) {
    return `${base} is not ${KIND_WORDS[named.kind]}: its first bytes are ${firstBytesHex(head)}.`;
  }
  if (!found.accepted) {
    return `${base} is not ${KIND_WORDS[named.kind]}: its first bytes are those of ${described(found)}, which the service does not take.`;
  }
  const stem = base.slice(0, base.length - named.extension.length - 1);
  const promised = described({ kind: named.kind, label: NAMED_LABEL[named.mime] ?? named.extension });
  return `${base} is ${described(found)}, not ${promised}: rename it ${stem}.${EXTENSION_FOR[found.mime] ?? ''}.`;
}
