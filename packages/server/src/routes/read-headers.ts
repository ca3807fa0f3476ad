/** All reads: `Cache-Control: private, no-store` (GET /accounts/{id}/options, last paragraph). */
export const READ_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'private, no-store' };
