import type { Migration } from '../migrate.js';
import { migration001Accounts } from './001-accounts.js';
import { migration002Posts } from './002-posts.js';
import { migration003Idempotency } from './003-idempotency.js';
import { migration004MediaImports } from './004-media-imports.js';
import { migration005UploadLinks } from './005-upload-links.js';
import { migration006DropPostingCounters } from './006-drop-posting-counters.js';
import { migration007DashboardSessions } from './007-dashboard-sessions.js';
import { migration008OAuth } from './008-oauth.js';
import { migration009Clocks } from './009-clocks.js';
import { migration011Connector } from './011-connector.js';
import { migration012PostRecordsAccountIndex } from './012-post-records-account-index.js';
import { migration013GoneOutWritten } from './013-gone-out-written.js';
import { migration014Deliveries } from './014-deliveries.js';
import { migration016OAuthClientIndexes } from './016-oauth-client-indexes.js';
import { migration017ScheduledPostsOpenIndexes } from './017-scheduled-posts-open-indexes.js';
import { migration018DeliveriesInPostRecords } from './018-deliveries-in-post-records.js';
import { migration019NetworkTexts } from './019-network-texts.js';
import { migration020RequestLogClientAddress } from './020-request-log-client-address.js';
import { migration022AccountTimeZone } from './022-account-time-zone.js';
import { migration024UploadEndDetail } from './024-upload-end-detail.js';
import { migration027ComposerGroups } from './027-composer-groups.js';
import { migration028SentTextDigests } from './028-sent-text-digests.js';
import { migration030ClocksStartedByAccount } from './030-clocks-started-by-account.js';

/**
 * Every schema change, in order. To add one: create `NNN-what.ts` beside this file exporting a
 * `Migration` with the next free id (002 posts, 003 media, ...), import it here and append it to
 * the list. Never edit or renumber a migration that has been released; write another one.
 */
export const MIGRATIONS: readonly Migration[] = [
  migration001Accounts,
  migration002Posts,
  migration003Idempotency,
  migration004MediaImports,
  migration005UploadLinks,
  migration006DropPostingCounters,
  migration007DashboardSessions,
  migration008OAuth,
  migration009Clocks,
  migration011Connector,
  migration012PostRecordsAccountIndex,
  migration013GoneOutWritten,
  migration014Deliveries,
  migration016OAuthClientIndexes,
  migration017ScheduledPostsOpenIndexes,
  migration018DeliveriesInPostRecords,
  migration019NetworkTexts,
  migration020RequestLogClientAddress,
  migration022AccountTimeZone,
  migration024UploadEndDetail,
  migration027ComposerGroups,
  migration028SentTextDigests,
  migration030ClocksStartedByAccount,
];
