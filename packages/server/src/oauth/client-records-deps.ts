import type { Clock } from '../clocks/virtual-clock.js';
import type { Repositories } from '../db/repositories.js';

/** What the app registry reads from the server's services: the server's clock and the stored apps. */
export interface ClientRecordsDeps {
  clock: Clock;
  repos: Pick<Repositories, 'oauthClients'>;
}
