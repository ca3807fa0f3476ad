/** True when every `entries` file of `workspace` exists and no input of its build changed since. */
export function buildIsCurrent(workspace: string, entries: readonly string[]): boolean;
/** Builds `workspace` with tsup, without type declarations, saying `note` first on stderr. */
export function buildWithoutDeclarations(workspace: string, note: string): void;
