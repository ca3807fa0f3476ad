/**
 * A transition table in the shape of the API document's "States and transitions" tables: one row per
 * line, `from` null for "(none)", a trigger, an optional condition (as a short snake_case name) and
 * the answer the API gives. Rows where the state stays the same are refusals the table lists.
 */
export interface TransitionRow<S extends string, T extends string, C extends string = string> {
  readonly from: S | null;
  readonly trigger: T;
  readonly condition?: C;
  readonly to: S;
  /** The answer of the request that caused the move, where the table gives one. */
  readonly answer?: { readonly status: number; readonly code?: string };
}

export interface StateMachine<S extends string, T extends string, C extends string = string> {
  readonly name: string;
  readonly states: readonly S[];
  readonly triggers: readonly T[];
  readonly transitions: readonly TransitionRow<S, T, C>[];
}

/** A move named by its target state, its trigger (with a condition where rows share a trigger), or both. */
export interface Move<S extends string, T extends string, C extends string = string> {
  readonly to?: S;
  readonly trigger?: T;
  readonly condition?: C;
}

export class StateTransitionError extends Error {
  override readonly name = 'StateTransitionError';
  constructor(
    readonly machine: string,
    readonly from: string | null,
    readonly move: Readonly<Record<string, string | undefined>>,
    reason: string,
  ) {
    super(`${machine}: ${reason} from ${from ?? '(none)'} with ${JSON.stringify(move)}`);
  }
}

function toMove<S extends string, T extends string, C extends string>(
  machine: StateMachine<S, T, C>,
  move: S | T | Move<S, T, C>,
): Move<S, T, C> {
  if (typeof move !== 'string') return move;
  if ((machine.triggers as readonly string[]).includes(move)) return { trigger: move as T };
  return { to: move as S };
}

/** The rows of the table that match a move from a state. */
export function matchingTransitions<S extends string, T extends string, C extends string>(
  machine: StateMachine<S, T, C>,
  from: S | null,
  move: S | T | Move<S, T, C>,
): TransitionRow<S, T, C>[] {
  const wanted = toMove(machine, move);
  return machine.transitions.filter(
    (row) =>
      row.from === from &&
      (wanted.to === undefined || row.to === wanted.to) &&
      (wanted.trigger === undefined || row.trigger === wanted.trigger) &&
      (wanted.condition === undefined || row.condition === wanted.condition),
  );
}

export function canTransition<S extends string, T extends string, C extends string>(
  machine: StateMachine<S, T, C>,
  from: S | null,
  move: S | T | Move<S, T, C>,
): boolean {
  return matchingTransitions(machine, from, move).length > 0;
}

/**
 * The row a move takes; throws StateTransitionError when the table has no such row, or when the move
 * is ambiguous (rows of one trigger that differ by condition lead to different states).
 */
export function transitionRow<S extends string, T extends string, C extends string>(
  machine: StateMachine<S, T, C>,
  from: S | null,
  move: S | T | Move<S, T, C>,
): TransitionRow<S, T, C> {
  const rows = matchingTransitions(machine, from, move);
  const wanted = toMove(machine, move);
  const [first] = rows;
  if (first === undefined) {
    throw new StateTransitionError(machine.name, from, { ...wanted }, 'the table allows no such move');
  }
  if (rows.some((row) => row.to !== first.to)) {
    throw new StateTransitionError(
      machine.name,
      from,
      { ...wanted },
      'the move is ambiguous; name the condition',
    );
  }
  return first;
}

/** The state a move leads to; throws StateTransitionError on a move the table does not allow. */
export function transition<S extends string, T extends string, C extends string>(
  machine: StateMachine<S, T, C>,
  from: S | null,
  move: S | T | Move<S, T, C>,
): S {
  return transitionRow(machine, from, move).to;
}
