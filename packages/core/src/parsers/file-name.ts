import { LIMITS } from '../limits/limits.js';

/** Library `file_name`: "no control characters, at most 120 characters" (Resources, Library item). */
export const FILE_NAME_MAX_LENGTH: number = LIMITS.uploadLink.fileNameMaxLength;
/** Used when nothing of the name is left, followed by the extension when there was one. */
export const FALLBACK_FILE_STEM = 'file';

// An extension longer than this is more likely part of the name ("notes.from the meeting").
const MAX_EXTENSION_LENGTH = 10;
// Control characters (C0, DEL, C1) and the bidirectional controls that can disguise an extension
// ("photo\u202Egpj.exe" shows as "photoexe.jpg").
const UNWANTED = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Cleans an upload's `file_name` (POST /media/uploads: "folders are cut off; names over 120
 * characters are shortened keeping the extension"): the part after the last `/` or `\`, control
 * characters removed, trimmed, at most 120 characters (Unicode code points) with the stem shortened,
 * never empty (`file` plus the extension when nothing else is left).
 */
export function cleanFileName(name: string, maxLength = FILE_NAME_MAX_LENGTH): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(UNWANTED, '').trim();
  const { stem, extension } = splitExtension(base);
  const cleanStem = stem.replace(/[\s.]+$/u, '').trim();
  const room = Math.max(1, maxLength - [...extension].length);
  const shortStem = [...cleanStem].slice(0, room).join('').trimEnd();
  const finalStem = shortStem === '' || shortStem === '..' ? FALLBACK_FILE_STEM : shortStem;
  return [...`${finalStem}${extension}`].slice(0, maxLength).join('');
}

function splitExtension(base: string): { stem: string; extension: string } {
  const dot = base.lastIndexOf('.');
  if (dot < 0) return { stem: base, extension: '' };
  const extension = base.slice(dot);
  const valid = extension.length > 1 && extension.length <= MAX_EXTENSION_LENGTH + 1 && !/\s/.test(extension);
  return valid ? { stem: base.slice(0, dot), extension } : { stem: base, extension: '' };
}
