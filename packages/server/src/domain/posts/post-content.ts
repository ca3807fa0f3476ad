import type { PostOrScheduled } from '@socialpub/core';
import type { DomainDeps } from '../domain-deps.js';
import { publicFileUrl } from '../media/media-status.js';

/** One file of a post as the dashboard shows it: a thumbnail address while the library keeps it. */
export interface PostContentFile {
  kind: 'image' | 'video';
  name: string;
  /** Same-origin address of the kept file; null once it left the library (or for a named URL). */
  src: string | null;
}

/** What a post says and shows: the text and files as sent (or as kept to send), and its profile. */
export interface PostContent {
  text: string | null;
  files: PostContentFile[];
  profileName: string | null;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function libraryFiles(
  services: Pick<DomainDeps, 'repos'>,
  accountId: string,
  fileIds: readonly string[],
): PostContentFile[] {
  return fileIds.map((fileId) => {
    const file = services.repos.mediaFiles.getForAccount(accountId, fileId);
    if (!file) return { kind: 'image', name: 'a file no longer in the library', src: null };
    const kind = file.kind === 'video' ? 'video' : 'image';
    return { kind, name: file.fileName, src: file.status === 'ready' ? publicFileUrl('', file) : null };
  });
}

/** The kept request of a scheduled post: its text and library files. */
function fromScheduled(services: Pick<DomainDeps, 'repos'>, accountId: string, scheduledPostId: string) {
  const scheduled = services.repos.scheduledPosts.get(scheduledPostId);
  if (!scheduled || scheduled.accountId !== accountId) return null;
  const text = scheduled.request['text'];
  return {
    text: typeof text === 'string' ? text : null,
    files: libraryFiles(services, accountId, stringList(scheduled.request['mediaIds'])),
  };
}

/**
 * The text, files and profile of a listed post: what the network received (the network inbox) for a
 * post it took, the kept request for a scheduled post and for what a schedule sent. A direct publish
 * the network refused kept no text, and shows none.
 */
export function postContent(
  services: Pick<DomainDeps, 'repos'>,
  accountId: string,
  record: PostOrScheduled,
): PostContent {
  const profile = services.repos.profiles.getForAccount(accountId, record.profile_id);
  const profileName = profile?.name ?? null;
  if (record.kind === 'scheduled_post') {
    return { ...(fromScheduled(services, accountId, record.id) ?? { text: null, files: [] }), profileName };
  }
  const delivery = services.repos.deliveries.getByPostId(record.id);
  if (delivery) {
    const files = delivery.media.map((file): PostContentFile => {
      if (file.fileId !== null) return libraryFiles(services, accountId, [file.fileId])[0] as PostContentFile;
      return { kind: file.kind, name: file.url ?? 'a file', src: null };
    });
    return { text: delivery.text, files, profileName };
  }
  const kept = record.scheduled_post_id ? fromScheduled(services, accountId, record.scheduled_post_id) : null;
  return { ...(kept ?? { text: null, files: [] }), profileName };
}
