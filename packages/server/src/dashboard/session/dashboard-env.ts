import type { AccountRecord } from '../../db/accounts-repo.js';
import type { DashboardSessionRecord } from '../../db/dashboard-sessions-repo.js';
import type { AppEnv } from '../../http/context.js';

/** The signed-in person of a dashboard request. */
export interface SignedIn {
  account: AccountRecord;
  session: DashboardSessionRecord;
}

/**
 * Hono environment of every dashboard route module (`new Hono<DashboardEnv>()`). The variables
 * are set by `dashboardSession(services)`, which runs before every page.
 */
export interface DashboardEnv {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & {
    /** The session and its account, or null when nobody is signed in (or the session expired). */
    signedIn: SignedIn | null;
    /** The token the forms of this request carry (`CsrfField`) and `csrfProtection` compares. */
    csrfToken: string;
    /** The zone every time on the page is shown in (the account's setting, else the browser's, else UTC). */
    timeZone: string;
    /** True when `timeZone` follows the browser (the account has no setting of its own). */
    timeZoneFromBrowser: boolean;
    /** When the page was asked for, on the signed-in account's clock (the server's when signed out). */
    pageNow: Date;
  };
}
