/**
 * Splits into lower-case words of letters and digits (any script); everything else separates.
 * NFKC folds compatibility forms (full-width letters, ligatures) into their plain letters.
 */
export function nameSearchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * GET /media/files `name_contains`: "file name holds every word, ignoring case and punctuation".
 * Each query word must appear inside one of the file name's words ("sum" finds "Summer-2026.mp4").
 * A query with no letters or digits at all names nothing, so it matches every file.
 */
export function matchesNameSearch(fileName: string, query: string): boolean {
  const nameWords = nameSearchWords(fileName);
  return nameSearchWords(query).every((word) => nameWords.some((nameWord) => nameWord.includes(word)));
}
