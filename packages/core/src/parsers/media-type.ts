export type MediaKind = 'image' | 'video';

/** The types the service takes (POST /media: JPEG, PNG, WebP, MP4 (M4V too), MOV, WebM). */
export const ACCEPTED_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;
export type AcceptedMime = (typeof ACCEPTED_MEDIA_TYPES)[number];

export interface FileNameMediaType {
  mime: AcceptedMime;
  kind: MediaKind;
  /** Lower case, without the dot. */
  extension: string;
}

/** "extension decides type ... .m4v stored as MP4" (POST /media/uploads, file_name). */
export const ACCEPTED_FILE_EXTENSIONS: Readonly<Record<string, { mime: AcceptedMime; kind: MediaKind }>> = {
  jpg: { mime: 'image/jpeg', kind: 'image' },
  jpeg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  m4v: { mime: 'video/mp4', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
  webm: { mime: 'video/webm', kind: 'video' },
};

// Names hosts send for the accepted types besides the canonical ones.
const MIME_ALIASES: Readonly<Record<string, AcceptedMime>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'video/x-m4v': 'video/mp4',
  'video/m4v': 'video/mp4',
};

const GENERIC_CONTENT_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/x-octet-stream',
  'application/binary',
  'application/x-binary',
  'application/unknown',
  'application/force-download',
  'application/x-download',
  'application/download',
  'content/unknown',
  'unknown/unknown',
  '*/*',
]);

/** Lower-case type and subtype, parameters (`; charset=...`) dropped. */
export function bareMime(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The accepted type a Content-Type names (aliases such as image/jpg and video/x-m4v included), or null. */
export function acceptedMimeFor(contentType: string | null | undefined): AcceptedMime | null {
  if (!contentType) return null;
  const mime = bareMime(contentType);
  const alias = MIME_ALIASES[mime];
  if (alias) return alias;
  return (ACCEPTED_MEDIA_TYPES as readonly string[]).includes(mime) ? (mime as AcceptedMime) : null;
}

export function isAcceptedMime(mime: string | null | undefined): boolean {
  return acceptedMimeFor(mime) !== null;
}

export function mediaKindOfMime(mime: string): MediaKind | null {
  const accepted = acceptedMimeFor(mime);
  if (!accepted) return null;
  return accepted.startsWith('image/') ? 'image' : 'video';
}

/**
 * A type that says nothing about the file, so the import judges it by its first 4 KB
 * (POST /media: "when the type is missing or generic").
 */
export function isGenericContentType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return true;
  return GENERIC_CONTENT_TYPES.has(bareMime(contentType));
}

function extensionOf(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Type of an upload link's `file_name` from its extension (case ignored); null when not accepted. */
export function mediaTypeFromFileName(name: string): FileNameMediaType | null {
  const extension = extensionOf(name.trim());
  const found = ACCEPTED_FILE_EXTENSIONS[extension];
  return found ? { ...found, extension } : null;
}

/**
 * Whether sniffed first bytes agree with the announced name: `fileNameOrExtension` is a file name
 * (`clip.MOV`), or an extension with or without its dot. .mp4 and .m4v are interchangeable
 * (both stored as video/mp4); .mov is video/quicktime only; .jpg and .jpeg are image/jpeg.
 */
export function mimeMatchesExtension(sniffedMime: string, fileNameOrExtension: string): boolean {
  const raw = fileNameOrExtension.trim();
  const fromName = mediaTypeFromFileName(raw.includes('.') ? raw : `.${raw}`);
  const sniffed = acceptedMimeFor(sniffedMime);
  return fromName !== null && sniffed !== null && fromName.mime === sniffed;
}

/**
 * Legacy `content.mediaUrls`: "image or video is read from the URL ending" (POST /posts), that is
 * the path's extension; the query and fragment are ignored. Null when the ending is not accepted.
 */
export function mediaKindFromUrl(url: string): MediaKind | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? '';
  }
  return mediaTypeFromFileName(path)?.kind ?? null;
}
