// The reference server's own bounds (reference-server.md, "Admin API"), apart from the admin API's
// schemas: the clock, the store and the request log read them without loading those schemas.

/** How many requests the admin request log keeps (GET /requests answers at most this many). */
export const ADMIN_REQUEST_LOG_KEPT = 1000;

/**
 * No clock (the server's, a test clock) moves past this time: a day later the month after
 * (year 10000) has no four-digit ISO form, and a clock never moves back, so the server would stay
 * broken. Every page and answer renders at this time.
 */
export const LATEST_CLOCK_TIME = '9999-12-31T00:00:00.000Z';

/**
 * The latest instant with a four-digit ISO form. A time computed from a clock (an expiry, the next
 * month) is stored no later than this, so text comparisons of stored times stay in order.
 */
export const LATEST_STORED_TIME = '9999-12-31T23:59:59.999Z';

/** The one wording of the upper bound (admin API, dashboard, start-up). */
export const CLOCK_PAST_LATEST_MESSAGE = `No clock moves past ${LATEST_CLOCK_TIME.replace('.000Z', 'Z')}; choose an earlier time.`;
