export interface ProfileCandidate {
  profile_id: string;
  profile_name: string;
  handle: string;
}

export type ProfileResolution<P extends ProfileCandidate> =
  | { ok: true; profile: P }
  | { ok: false; reason: 'not_found' | 'ambiguous' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any RFC 4122 layout, any version, either case. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const fold = (s: string): string => s.normalize('NFC').toLowerCase();
const bareHandle = (s: string): string => (s.startsWith('@') ? s.slice(1) : s);

/**
 * Finds the profile `post.accountId` names (POST /posts): a profile UUID, an `@handle` or a bare
 * profile name, case ignored. When several profiles match once case is ignored, the one written
 * with exactly that case wins; without one the answer is `ambiguous` (400 profile_name_ambiguous).
 * `not_found` is 403 account_not_found (404 api_error on the older address).
 *
 * Decision where the document is silent: a bare word that names no profile is also tried as a
 * handle without its `@` ("demobrand" finds "@demobrand"); names are tried before handles.
 */
export function resolveProfile<P extends ProfileCandidate>(
  profiles: readonly P[],
  accountId: string,
): ProfileResolution<P> {
  const wanted = accountId.trim();
  if (wanted === '') return { ok: false, reason: 'not_found' };
  if (isUuid(wanted)) {
    const byId = profiles.find((p) => p.profile_id.toLowerCase() === wanted.toLowerCase());
    if (byId) return { ok: true, profile: byId };
  }
  if (wanted.startsWith('@')) return pick(profiles, bareHandle(wanted), (p) => bareHandle(p.handle));
  const byName = pick(profiles, wanted, (p) => p.profile_name);
  if (byName.ok || byName.reason === 'ambiguous') return byName;
  return pick(profiles, wanted, (p) => bareHandle(p.handle));
}

function pick<P extends ProfileCandidate>(
  profiles: readonly P[],
  wanted: string,
  field: (profile: P) => string,
): ProfileResolution<P> {
  if (wanted === '') return { ok: false, reason: 'not_found' };
  const folded = fold(wanted);
  const matches = profiles.filter((p) => fold(field(p)) === folded);
  const [only] = matches;
  if (matches.length === 1 && only) return { ok: true, profile: only };
  if (matches.length === 0) return { ok: false, reason: 'not_found' };
  const exact = matches.filter((p) => field(p).normalize('NFC') === wanted.normalize('NFC'));
  const [exactOnly] = exact;
  return exact.length === 1 && exactOnly
    ? { ok: true, profile: exactOnly }
    : { ok: false, reason: 'ambiguous' };
}
