import type { SocialPub } from '@socialpub/sdk';
import { CliError } from '../output/cli-error.js';
import { EXIT_STATUS } from '../output/exit-status.js';

/**
 * The profile id a command argument names, read with the rule `post.accountId` follows (a UUID,
 * an `@handle`, a bare handle or the profile name, case ignored): core's `resolveProfile`, the
 * parser the server itself uses, so `accounts options @demobrand` accepts what `posts create
 * --profile @demobrand` accepts. The reads that take a profile in their path or query take only its
 * id, so a UUID goes as written and anything else is looked up in GET /accounts first.
 */
export async function profileIdFor(client: SocialPub, written: string): Promise<string> {
  const { isUuid, resolveProfile } = await import('@socialpub/core');
  if (isUuid(written.trim())) return written.trim();
  const { data: profiles } = await client.accounts.list();
  const found = resolveProfile(profiles, written);
  if (found.ok) return found.profile.profile_id;
  const known = profiles.map((profile) => `${profile.handle} (${profile.profile_name})`).join(', ');
  if (found.reason === 'ambiguous') {
    throw new CliError(
      `"${written}" names more than one profile once case is ignored.`,
      EXIT_STATUS.usage,
      `Write the name with its exact case, the @handle or the id: ${known}.`,
    );
  }
  throw new CliError(
    `No profile "${written}" on this account.`,
    EXIT_STATUS.usage,
    known === '' ? 'The account has no profiles.' : `Profiles: ${known}.`,
  );
}
