/**
 * Which clock a piece of due work belongs to: the server's clock (`clockId: null`, accounts created
 * without a test clock) or one test clock. Due work runs per clock (DESIGN.md, Time), so every
 * database-backed source filters its rows to the accounts on the clock it is asked about.
 */
export interface ClockScope {
  readonly clockId: string | null;
}

export const SERVER_CLOCK_SCOPE: ClockScope = Object.freeze({ clockId: null });

/**
 * SQL condition: `column` (an account id) names an account on the scope's clock. The statement text
 * differs only between the server and a test clock, so the statement cache keeps two entries.
 * The server's side is a NOT IN over the (usually empty) partial index of accounts on test clocks.
 */
export function onClockSql(column: string, scope: ClockScope): string {
  return scope.clockId === null
    ? `${column} NOT IN (SELECT id FROM accounts WHERE clock_id IS NOT NULL)`
    : `${column} IN (SELECT id FROM accounts WHERE clock_id = @clock_id)`;
}

/** The named parameter `onClockSql` needs, to append after the positional ones. */
export function onClockParams(scope: ClockScope): Array<{ clock_id: string }> {
  return scope.clockId === null ? [] : [{ clock_id: scope.clockId }];
}
