/**
 * Links in a post's text, for the X add-on's link allowance (Limits, Post allowance: "up to 20 of
 * them with links"; 429 x_link_limit_reached carries `detected_links`). The document does not define a
 * link, so this follows what X itself turns into a link (twitter-text): any http(s) URL, and a bare
 * domain whose top-level domain is a common generic one (example.com, shop.example.io/path). A bare
 * domain under another two-letter country code counts only with a path, a `www.` prefix or a known
 * second level (bbc.co.uk), so file names such as README.md and abbreviations such as e.g. are not
 * links. E-mail addresses are not links.
 */

const SCHEME_URL = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"'`]+/giu;

const BARE_DOMAIN =
  /(?<![\p{L}\p{N}_@.\-/:])((?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24}))(?![\p{L}\p{N}_\-@])((?:[/?#][^\s<>"'`]*)?)/giu;

/** Top-level domains linked without a scheme or path: common generic ones and popular short ones. */
const BARE_TLDS: ReadonlySet<string> = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'info',
  'biz',
  'io',
  'ai',
  'app',
  'dev',
  'co',
  'me',
  'ly',
  'tv',
  'gg',
  'fm',
  'xyz',
  'online',
  'site',
  'shop',
  'store',
  'tech',
  'blog',
  'news',
  'link',
  'cloud',
  'agency',
  'studio',
]);

/** Second levels under a country code that mark a real registrable domain (bbc.co.uk). */
const COUNTRY_SECOND_LEVELS: ReadonlySet<string> = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu']);

export function detectLinks(text: string): string[] {
  // Every link has a scheme's colon or a domain's dot: most posts' text is answered without a scan.
  if (!text.includes('.') && !text.includes(':')) return [];
  const found: Array<{ index: number; link: string }> = [];
  let masked = text;
  for (const match of text.matchAll(SCHEME_URL)) {
    const link = trimTrailingPunctuation(match[0]);
    if (/^https?:\/\/[^/?#\s]*[\p{L}\p{N}]/iu.test(link)) found.push({ index: match.index, link });
    masked =
      masked.slice(0, match.index) +
      ' '.repeat(match[0].length) +
      masked.slice(match.index + match[0].length);
  }
  for (const match of masked.matchAll(BARE_DOMAIN)) {
    const domain = match[1] ?? '';
    const tld = (match[2] ?? '').toLowerCase();
    const path = trimTrailingPunctuation(match[3] ?? '');
    if (isLinkDomain(domain, tld, path)) found.push({ index: match.index, link: domain + path });
  }
  found.sort((a, b) => a.index - b.index);
  return [...new Set(found.map((entry) => entry.link))];
}

function isLinkDomain(domain: string, tld: string, path: string): boolean {
  if (BARE_TLDS.has(tld)) return true;
  if (tld.length !== 2) return false;
  const labels = domain.toLowerCase().split('.');
  if (path.length > 0 || labels[0] === 'www') return true;
  const secondLevel = labels[labels.length - 2];
  return labels.length >= 3 && secondLevel !== undefined && COUNTRY_SECOND_LEVELS.has(secondLevel);
}

/** Sentence punctuation after a link is not part of it; a closing bracket is kept only when opened inside. */
function trimTrailingPunctuation(candidate: string): string {
  let link = candidate;
  for (;;) {
    const last = link.at(-1);
    if (last === undefined) return link;
    if ('.,;:!?*'.includes(last)) {
      link = link.slice(0, -1);
      continue;
    }
    const opener = last === ')' ? '(' : last === ']' ? '[' : null;
    if (opener !== null && count(link, opener) < count(link, last)) {
      link = link.slice(0, -1);
      continue;
    }
    return link;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
