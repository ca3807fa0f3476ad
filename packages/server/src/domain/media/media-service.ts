import type { Repositories } from '../../db/repositories.js';
import type { DueWorkRunner } from '../../due-work.js';
import type { MediaFolder } from '../../files/media-folder.js';
import type { AccountClockLookup } from '../clocks/account-clocks.js';
import { randomToken } from '../secrets.js';
import { type ImportAllowList, parseImportAllow } from './address-policy.js';
import { MediaRetention } from './retention.js';
import { DEFAULT_MEDIA_IMPORT_SETTINGS, type MediaImportSettings, UrlImporter } from './url-import.js';

/** Settings of `createApp({ media })`; tests shorten the waits and point share links at loopback. */
export type MediaServiceSettings = Partial<MediaImportSettings>;

export interface MediaServiceDeps {
  repos: Repositories;
  clocks: AccountClockLookup;
  dueWork: DueWorkRunner;
  folder: MediaFolder;
  /** SOCIALPUB_IMPORT_ALLOW entries. */
  importAllow: readonly string[];
  /** `{base_url}`, read when needed (a port-0 listener sets it after start). */
  baseUrl(): string;
  settings?: MediaServiceSettings;
}

/** Server-wide secret of the list cursors (settings table, generated once). */
const CURSOR_SECRET_SETTING = 'cursor_secret';

/** The media area: URL imports, retention of library files and what the routes need. */
export class MediaService {
  readonly importer: UrlImporter;
  readonly retention: MediaRetention;
  readonly allow: ImportAllowList;
  readonly settings: MediaImportSettings;

  constructor(private readonly deps: MediaServiceDeps) {
    this.allow = parseImportAllow(deps.importAllow);
    this.settings = { ...DEFAULT_MEDIA_IMPORT_SETTINGS, ...deps.settings };
    this.importer = new UrlImporter({
      repos: deps.repos,
      clocks: deps.clocks,
      folder: deps.folder,
      allow: this.allow,
      settings: this.settings,
      baseUrl: deps.baseUrl,
    });
    this.retention = new MediaRetention(deps.repos, deps.folder);
    this.retention.onRemoved((removed) => this.importer.abort(removed.fileId));
    deps.dueWork.addSource(this.retention);
    // Made at start, not on first use: a read refused for a foreign cursor must change nothing.
    this.cursorSecret();
  }

  baseUrl(): string {
    return this.deps.baseUrl();
  }

  cursorSecret(): string {
    return this.deps.repos.settings.getOrCreate(CURSOR_SECRET_SETTING, () => randomToken(32));
  }

  close(): Promise<void> {
    return this.importer.close();
  }
}
