import type { Database } from '../db/database.js';
import type { Repositories } from '../db/repositories.js';
import type { MediaFolder } from '../files/media-folder.js';
import type { ServerUrls } from '../server-urls.js';
import type { AccountClocks } from './clocks/account-clocks.js';
import type { NetworkDrivers } from './posting-options.js';

/**
 * What the domain's functions read of the server's services, each function taking the few it
 * uses (`Pick<DomainDeps, 'repos' | 'clocks'>`). The services bag satisfies it; the domain never
 * names the bag itself, whose types reach the doors that call the domain (http/, mcp/, oauth/).
 */
export interface DomainDeps {
  db: Database;
  repos: Repositories;
  /** One clock per account: `clocks.forAccount(id)`. */
  clocks: AccountClocks;
  drivers: NetworkDrivers;
  urls: ServerUrls;
  mediaFolder: MediaFolder;
  /** The network inbox keeps what each network accepted; off only for the benchmark's baseline. */
  keepDeliveries: boolean;
  /** SOCIALPUB_IMPORT_ALLOW: hosts or ranges a URL import may reach although private. */
  importAllow: readonly string[];
}
