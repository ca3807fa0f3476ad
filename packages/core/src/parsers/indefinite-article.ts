/**
 * "a" or "an" before a word as it is said, so messages read "an instagram post", "an x post"
 * (said "ex"), "a youtube post". Network names, post types and file kinds are the words this meets.
 */
const SAID_WITH_A_VOWEL = /^(?:[aeio]|u(?:n|pl)|x\b|x$|heic|mp4|m4v|mov)/i;

export function indefiniteArticle(word: string): 'a' | 'an' {
  return SAID_WITH_A_VOWEL.test(word.trim()) ? 'an' : 'a';
}

/** The word with its article: `withArticle('instagram')` is "an instagram"; `capital` starts a sentence. */
export function withArticle(word: string, options: { capital?: boolean } = {}): string {
  const article = indefiniteArticle(word);
  return `${options.capital ? (article === 'an' ? 'An' : 'A') : article} ${word}`;
}
