/**
 * The caption phrase `auto music: on` (POST /posts, earlier tiktok options: "treated as
 * `autoAddMusic: true` and the phrase is removed before posting"). Case is ignored, as are extra
 * spaces inside the phrase ("Auto  Music:ON"); it must stand as its own words ("auto music: one"
 * is not the phrase). The spaces it leaves are tidied: a line holding only the phrase goes, and
 * between words the phrase leaves one space.
 */
const PHRASE = '(?<![\\p{L}\\p{N}])auto[^\\S\\r\\n]+music[^\\S\\r\\n]*:[^\\S\\r\\n]*on(?![\\p{L}\\p{N}])';
const PHRASE_LINE = new RegExp(`^[^\\S\\r\\n]*${PHRASE}[^\\S\\r\\n]*(?:\\r?\\n|$)`, 'gimu');
const PHRASE_INLINE = new RegExp(`[^\\S\\r\\n]*${PHRASE}[^\\S\\r\\n]*`, 'giu');
const DETECT = new RegExp(PHRASE, 'iu');

export interface AutoMusicCaption {
  text: string;
  autoAddMusic: boolean;
}

export function extractAutoMusic(caption: string): AutoMusicCaption {
  if (!DETECT.test(caption)) return { text: caption, autoAddMusic: false };
  const text = caption
    .replace(PHRASE_LINE, '')
    .replace(PHRASE_INLINE, (match, offset: number, whole: string) => {
      const before = whole[offset - 1];
      const after = whole[offset + match.length];
      const edge = (c: string | undefined): boolean => c === undefined || c === '\n' || c === '\r';
      return edge(before) || edge(after) ? '' : ' ';
    });
  return { text: text.trim(), autoAddMusic: true };
}
